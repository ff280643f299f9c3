import type { Language } from '@site/api-contract';

/** Each language's name in itself, as the language switch shows it. */
export const languageNames: Record<Language, string> = { en: 'English', el: 'Ελληνικά' };

/** The locale dates and numbers are written in on each language's pages. */
export const intlLocales: Record<Language, string> = { en: 'en-GB', el: 'el-GR' };

/** Open Graph's locale of each language's pages (og:locale). */
export const openGraphLocales: Record<Language, string> = { en: 'en_GB', el: 'el_GR' };
