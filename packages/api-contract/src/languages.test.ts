import { describe, expect, it } from 'vitest';
import { isLanguage, languageOfPath, localizedPath } from './languages.js';

describe('language paths', () => {
  it('puts every language but English under its prefix, the home page without a trailing slash', () => {
    expect(localizedPath('en', '/contact')).toBe('/contact');
    expect(localizedPath('el', '/contact')).toBe('/el/contact');
    expect(localizedPath('en', '/')).toBe('/');
    expect(localizedPath('el', '/')).toBe('/el');
  });

  it('reads the language off a path', () => {
    expect(languageOfPath('/el/privacy')).toBe('el');
    expect(languageOfPath('/el')).toBe('el');
    expect(languageOfPath('/elsewhere')).toBe('en');
    expect(languageOfPath('/privacy')).toBe('en');
  });

  it('knows only the languages the site is written in', () => {
    expect(isLanguage('el')).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
