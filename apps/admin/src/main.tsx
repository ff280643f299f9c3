import { createRoot } from 'react-dom/client';
import { AdminApp } from './admin-app.tsx';
import { applyBrandColours } from './brand-colours.ts';
import './styles.css';

applyBrandColours();
createRoot(document.getElementById('root')!).render(<AdminApp />);
