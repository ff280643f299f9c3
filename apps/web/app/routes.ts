import { type RouteConfig, index, route } from '@react-router/dev/routes';
import { defaultLanguage, languagePrefix, languages } from '@site/api-contract';
import { generatedFiles, paths } from './paths';

/** The page modules, each rendered in every language; a page finds its language in its path. */
const pages = [
  [paths.privacy, 'routes/privacy.tsx'],
  [paths.terms, 'routes/terms.tsx'],
  [paths.contact, 'routes/contact.tsx'],
  [paths.messageSent, 'routes/message-sent.tsx'],
] as const;

const otherLanguages = languages.filter((language) => language !== defaultLanguage);

export default [
  index('routes/home.tsx'),
  ...pages.map(([path, file]) => route(path, file)),
  ...otherLanguages.flatMap((language) => {
    const prefix = languagePrefix(language);
    return [
      route(prefix, 'routes/home.tsx', { id: `${language}/home` }),
      ...pages.map(([path, file]) => route(`${prefix}${path}`, file, { id: `${language}${path}` })),
      route(`${prefix}/*`, 'routes/not-found.tsx', { id: `${language}/not-found` }),
    ];
  }),
  route(generatedFiles.sitemap, 'routes/sitemap.ts'),
  route(generatedFiles.robots, 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
