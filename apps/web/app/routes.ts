import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { generatedFiles, paths } from './paths';

export default [
  index('routes/home.tsx'),
  route(paths.privacy, 'routes/privacy.tsx'),
  route(paths.terms, 'routes/terms.tsx'),
  route(paths.contact, 'routes/contact.tsx'),
  route(paths.messageSent, 'routes/message-sent.tsx'),
  route(generatedFiles.sitemap, 'routes/sitemap.ts'),
  route(generatedFiles.robots, 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
