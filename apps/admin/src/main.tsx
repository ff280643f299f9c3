import './sign-in/link-token.ts';
import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app.tsx';
import { applyBrand } from './apply-brand.ts';
import './styles.css';

applyBrand();
createRoot(document.getElementById('root')!).render(<AdminApp />);
