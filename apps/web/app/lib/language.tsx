import { defaultLanguage, type Language, languageOfPath } from '@site/api-contract';
import { createContext, type ReactNode, useContext } from 'react';
import { useLocation } from 'react-router';
import { type Copy, copyFor } from '../content/copy';

const LanguageContext = createContext<Language>(defaultLanguage);

/** Gives the pages below the language of the path being rendered (`/el/...` is Greek). */
export function PageLanguage({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <LanguageContext value={languageOfPath(pathname)}>{children}</LanguageContext>;
}

export const useLanguage = () => useContext(LanguageContext);

/** The copy of the page's language. */
export const useCopy = (): Copy => copyFor(useLanguage());
