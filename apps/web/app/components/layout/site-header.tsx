import { useEffect, useRef, useState } from 'react';
import { navItems, navText } from '../../content/navigation';
import { useActiveSection } from '../../lib/use-active-section';
import { BrandLogo } from '../ui/brand-logo';

const sectionIds = navItems.map((item) => item.sectionId);

/** Fixed header: logo (to the top), section links, and a menu button on small screens. */
export function SiteHeader({ onHome }: { onHome: boolean }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const active = useActiveSection(onHome ? sectionIds : []);
  const closeMenu = () => setMenuOpen(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container site-header-bar">
        <a className="brand-logo" href={onHome ? '#top' : '/'} onClick={closeMenu}>
          <BrandLogo />
        </a>
        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="menu-toggle-icon" aria-hidden="true" />
          <span className="visually-hidden">{navText.menuButton}</span>
        </button>
        <nav
          id="site-menu"
          className={menuOpen ? 'site-nav is-open' : 'site-nav'}
          aria-label={navText.primaryNav}
        >
          <ul>
            {navItems.map(({ sectionId, label }) => (
              <li key={sectionId}>
                <a
                  href={onHome ? `#${sectionId}` : `/#${sectionId}`}
                  aria-current={active === sectionId ? 'location' : undefined}
                  onClick={closeMenu}
                >
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
