import { afterEach, describe, expect, it, vi } from 'vitest';
import { startScrollState } from './scroll-state';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
  vi.advanceTimersByTime(100);
}

afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('startScrollState', () => {
  it('shows back-to-top from 26 px of scroll, not up to 25 px', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<a class="back-to-top" href="#top"></a>';
    const link = document.querySelector('.back-to-top')!;
    startScrollState();
    expect(link.classList.contains('is-visible')).toBe(false);
    scrollTo(25);
    expect(link.classList.contains('is-visible')).toBe(false);
    scrollTo(26);
    expect(link.classList.contains('is-visible')).toBe(true);
  });

  it('marks the nav link of the section in view as the current location', () => {
    document.body.innerHTML = `<nav class="site-nav"><a href="#about">About</a><a href="#contact">Contact</a></nav>
      <section id="about"></section><section id="contact"></section>`;
    const top: Record<string, number> = { about: 0, contact: 5000 };
    for (const section of document.querySelectorAll('section')) {
      section.getBoundingClientRect = () => ({ top: (top[section.id] ?? 0) - window.scrollY }) as DOMRect;
    }
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 10_000, configurable: true });
    startScrollState();
    const current = [...document.querySelectorAll('a')].map((link) => link.getAttribute('aria-current'));
    expect(current).toEqual(['location', null]);
  });
});
