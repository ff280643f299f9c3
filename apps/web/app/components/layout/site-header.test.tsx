import { languageOfPath } from '@site/api-contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { navSectionIds } from '../../content/sections';
import { PageLanguage } from '../../lib/language';
import { type PagePath, paths } from '../../paths';
import { SiteHeader } from './site-header';

/** The header as the page at `url` renders it (its language comes from the path). */
const renderHeader = (url: string, path: PagePath) =>
  render(
    <PageLanguage language={languageOfPath(url)}>
      <SiteHeader path={path} />
    </PageLanguage>,
  );

describe('SiteHeader', () => {
  it('links every section in order, in-page on the home page and to the home page elsewhere', () => {
    const { unmount } = renderHeader('/', paths.home);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(['#top', ...navSectionIds.map((id) => `#${id}`), '/el']);
    unmount();
    renderHeader('/privacy', paths.privacy);
    expect(screen.getByRole('link', { name: 'ABOUT' }).getAttribute('href')).toBe('/#about');
  });

  it('switches to the same page in the other language, named in that language', () => {
    const { unmount } = renderHeader('/privacy', paths.privacy);
    const greek = screen.getByRole('link', { name: /Ελληνικά/ });
    expect(greek.getAttribute('href')).toBe('/el/privacy');
    expect(greek.getAttribute('hreflang')).toBe('el');
    expect(greek.querySelector('[lang="el"]')?.textContent).toBe('Ελληνικά');
    unmount();
    renderHeader('/el/contact', paths.contact);
    expect(screen.getByRole('link', { name: /English/ }).getAttribute('href')).toBe('/contact');
    expect(screen.getByRole('link', { name: 'Η ΕΤΑΙΡΕΙΑ' }).getAttribute('href')).toBe('/el#about');
  });

  it('makes the menu a popover its button opens and closes without a script', () => {
    renderHeader('/', paths.home);
    const button = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById('site-menu');
    expect(button.getAttribute('popovertarget')).toBe('site-menu');
    expect(menu?.getAttribute('popover')).toBe('auto');
  });
});
