import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { navItems } from '../../content/navigation';
import { SiteHeader } from './site-header';

describe('SiteHeader', () => {
  it('links every section in order, in-page on the home page and to the home page elsewhere', () => {
    const { unmount } = render(<SiteHeader onHome />);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['#top', ...navItems.map((item) => `#${item.sectionId}`)]);
    unmount();
    render(<SiteHeader onHome={false} />);
    expect(screen.getByRole('link', { name: 'ABOUT' }).getAttribute('href')).toBe('/#about');
  });

  it('makes the menu a popover its button opens and closes without a script', () => {
    render(<SiteHeader onHome />);
    const button = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById('site-menu');
    expect(button.getAttribute('popovertarget')).toBe('site-menu');
    expect(menu?.getAttribute('popover')).toBe('auto');
  });
});
