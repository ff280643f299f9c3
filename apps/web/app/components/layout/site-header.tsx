import { navItems, navText } from '../../content/navigation';
import { BrandLogo } from '../ui/brand-logo';

/**
 * Fixed header: logo (to the top), section links, and a menu button on small screens. The menu is a
 * popover, so it opens, closes on Escape or a click elsewhere and restores focus without a script;
 * lib/menu-close.ts closes it when a link is followed and lib/scroll-state.ts marks the active link.
 */
export function SiteHeader({ onHome }: { onHome: boolean }) {
  return (
    <header className="site-header">
      <div className="container site-header-bar">
        <a className="brand-logo" href={onHome ? '#top' : '/'}>
          <BrandLogo />
        </a>
        <button type="button" className="menu-toggle" popoverTarget="site-menu">
          <span className="menu-toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{navText.menuButton}</span>
        </button>
        <nav id="site-menu" className="site-nav" popover="auto" aria-label={navText.primaryNav}>
          <ul>
            {navItems.map(({ sectionId, label }) => (
              <li key={sectionId}>
                <a href={onHome ? `#${sectionId}` : `/#${sectionId}`}>{label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
