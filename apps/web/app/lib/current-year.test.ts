import { afterEach, describe, expect, it, vi } from 'vitest';
import { languages } from '@site/api-contract';
import { intlLocales } from '../content/languages';
import { showCurrentYear } from './current-year';

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('showCurrentYear', () => {
  it("replaces the build year with the visitor's", () => {
    vi.useFakeTimers({ now: new Date('2031-05-01T12:00:00Z') });
    document.body.innerHTML = '<p>© <span data-current-year>2026</span> Example</p>';
    showCurrentYear();
    expect(document.body.textContent).toBe('© 2031 Example');
  });

  it.each(languages)('writes the year as the footer does in %s', (language) => {
    vi.useFakeTimers({ now: new Date('2031-05-01T12:00:00Z') });
    document.body.innerHTML = '<span data-current-year>2026</span>';
    showCurrentYear();
    const written = new Intl.DateTimeFormat(intlLocales[language], { year: 'numeric' }).format(new Date());
    expect(document.body.textContent).toBe(written);
  });
});
