import { fireEvent, render, screen } from '@testing-library/react';
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

  it('opens and closes the menu with its button, and closes it when a link is chosen', () => {
    render(<SiteHeader onHome />);
    const button = screen.getByRole('button', { name: 'Menu' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('site-menu')?.className).toContain('is-open');
    fireEvent.click(screen.getByRole('link', { name: 'SOLUTIONS' }));
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the menu on Escape and gives focus back to the button', () => {
    render(<SiteHeader onHome />);
    const button = screen.getByRole('button', { name: 'Menu' });
    fireEvent.click(button);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });
});
