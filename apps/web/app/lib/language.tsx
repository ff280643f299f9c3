import { defaultLanguage, type Language, languageOfPath } from '@site/api-contract';
import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router';
import { type Copy, copyFor } from '../content/copy';

const LanguageContext = createContext<Language>(defaultLanguage);

/** The language of the path being rendered (`/el/...` is Greek). */
export const usePathLanguage = () => languageOfPath(useLocation().pathname);

/** Gives the page's language to the components below. */
export function PageLanguage({ language, children }: { language: Language; children: ReactNode }) {
  return <LanguageContext value={language}>{children}</LanguageContext>;
}

export const useLanguage = () => useContext(LanguageContext);

/** The language of a path and its copy, for a route's `meta`, which renders outside the page. */
export function languageAndCopyOf(pathname: string): { language: Language; copy: Copy } {
  const language = languageOfPath(pathname);
  return { language, copy: copyFor(language) };
}

/** The copy of the page's language. */
export const useCopy = (): Copy => copyFor(useLanguage());
