import { navSectionIds } from '../../content/sections';
import { useCopy, useLanguage } from '../../lib/language';
import { pagePath, type PagePath, paths } from '../../paths';
import { BrandLogo } from '../ui/brand-logo';
import { LanguageSwitch } from './language-switch';

type SiteHeaderProps = {
  /** The page's path in the default language: the language switch leads to its twins. */
  path: PagePath;
};

/**
 * Fixed header: logo (to the top), section links, the language switch, and a menu button on small
 * screens. The menu is a popover, so it opens, closes on Escape or a click elsewhere and restores focus
 * without a script; lib/menu-close.ts closes it when a link is followed and lib/scroll-state.ts marks the
 * active link.
 */
export function SiteHeader({ path }: SiteHeaderProps) {
  const language = useLanguage();
  const { navigation } = useCopy();
  const onHome = path === paths.home;
  const home = pagePath(language, paths.home);
  return (
    <header className="site-header">
      <div className="container site-header-bar">
        <a className="brand-logo" href={onHome ? '#top' : home}>
          <BrandLogo />
        </a>
        <button type="button" className="menu-toggle" popoverTarget="site-menu">
          <span className="menu-toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{navigation.menuButton}</span>
        </button>
        <nav id="site-menu" className="site-nav" popover="auto" aria-label={navigation.primaryNav}>
          <ul>
            {navSectionIds.map((sectionId) => (
              <li key={sectionId}>
                <a href={onHome ? `#${sectionId}` : `${home}#${sectionId}`}>{navigation.labels[sectionId]}</a>
              </li>
            ))}
            <LanguageSwitch path={path} />
          </ul>
        </nav>
      </div>
    </header>
  );
}
