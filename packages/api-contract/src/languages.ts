/**
 * The languages the site is written in, as BCP 47 tags: the first is the default, served at the site's
 * root paths; every other one under its own prefix (`/el/...`).
 */
export const languages = ['en', 'el'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/** The prefix of a language's paths: '' for the default language, `/el` for Greek. */
export const languagePrefix = (language: Language) => (language === defaultLanguage ? '' : `/${language}`);

/** A site path (`/contact`) in a language (`/el/contact`; the home page `/el`, as paths have no trailing slash). */
export const localizedPath = (language: Language, path: string) =>
  language === defaultLanguage ? path : `${languagePrefix(language)}${path === '/' ? '' : path}`;

/** The language a site path is in, by its prefix. */
export function languageOfPath(path: string): Language {
  const first = path.split('/')[1];
  return isLanguage(first) ? first : defaultLanguage;
}
