import { languages } from '@site/api-contract';
import { languageNames } from '../../content/languages';
import { useCopy, useLanguage } from '../../lib/language';
import { pagePath, type PagePath } from '../../paths';

/**
 * Links to this page in each other language, named in that language. A plain link, so it works without
 * JavaScript; on the landing page lib/scroll-state.ts adds the section in view, so the visitor lands on
 * the same section.
 */
export function LanguageSwitch({ path }: { path: PagePath }) {
  const language = useLanguage();
  const { site } = useCopy();
  return languages
    .filter((other) => other !== language)
    .map((other) => (
      <li key={other} className="language-switch">
        <a href={pagePath(other, path)} hrefLang={other} data-language-switch="">
          <span className="visually-hidden">{site.languageSwitchHint} </span>
          <span lang={other}>{languageNames[other]}</span>
        </a>
      </li>
    ));
}
