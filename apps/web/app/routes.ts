import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { paths } from './paths';

export default [
  index('routes/home.tsx'),
  route(paths.privacy, 'routes/privacy.tsx'),
  route(paths.terms, 'routes/terms.tsx'),
  route(paths.contact, 'routes/contact.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
