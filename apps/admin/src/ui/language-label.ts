import { defaultLanguage, languages } from '@site/api-contract/constants';
import type { Language } from '@site/api-contract';

const names = new Intl.DisplayNames('en', { type: 'language' });

/** A language as the inbox names it: 'Greek'. */
export const languageLabel = (language: Language) => names.of(language) ?? language;

/** The languages the site is written in, for the filter. */
export const languageOptions = languages.map((language) => ({
  value: language,
  label: languageLabel(language),
}));

/** Whether a message's language is worth a badge in the list (any but the site's default). */
export const showsLanguageBadge = (language: Language) => language !== defaultLanguage;
