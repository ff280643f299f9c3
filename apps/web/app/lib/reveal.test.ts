import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isRevealed, REVEAL_ACTIVE_CLASS, REVEALED_CLASS, revealDefaults, startReveal } from './reveal';

function mockReducedMotion(reduce: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query) => ({ matches: reduce && query.includes('reduce'), media: query }) as MediaQueryList,
  );
}

function placeElement(top: number): HTMLElement {
  const element = document.createElement('div');
  element.dataset.reveal = 'fade-up';
  element.getBoundingClientRect = () => ({ top: top - window.scrollY }) as DOMRect;
  document.body.append(element);
  return element;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('isRevealed', () => {
  it("reveals once the element's top is 120 px above the viewport's bottom edge", () => {
    expect(revealDefaults.offset).toBe(120);
    expect(isRevealed(1000, 319, 800, 120)).toBe(false);
    expect(isRevealed(1000, 320, 800, 120)).toBe(true);
  });
});

describe('startReveal', () => {
  let stop = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
    Object.defineProperty(window, 'innerHeight', { value: 800, configurable: true });
    scrollTo(0);
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('shows elements already in view before hiding the rest, so nothing visible flickers', () => {
    mockReducedMotion(false);
    const inView = placeElement(300);
    const below = placeElement(2000);
    stop = startReveal();
    expect(document.documentElement.classList.contains(REVEAL_ACTIVE_CLASS)).toBe(true);
    expect(inView.classList.contains(REVEALED_CLASS)).toBe(true);
    expect(below.classList.contains(REVEALED_CLASS)).toBe(false);
  });

  it('reveals on scroll and hides again when scrolled back up (once: false)', () => {
    mockReducedMotion(false);
    const below = placeElement(2000);
    stop = startReveal();
    scrollTo(1400);
    vi.advanceTimersByTime(revealDefaults.throttleDelay);
    expect(below.classList.contains(REVEALED_CLASS)).toBe(true);
    scrollTo(0);
    vi.advanceTimersByTime(revealDefaults.throttleDelay);
    expect(below.classList.contains(REVEALED_CLASS)).toBe(false);
  });

  it('keeps revealed elements when once is set', () => {
    mockReducedMotion(false);
    const below = placeElement(2000);
    stop = startReveal({ once: true });
    scrollTo(1400);
    vi.advanceTimersByTime(revealDefaults.throttleDelay);
    scrollTo(0);
    vi.advanceTimersByTime(revealDefaults.throttleDelay);
    expect(below.classList.contains(REVEALED_CLASS)).toBe(true);
  });

  it('does nothing for visitors who prefer reduced motion: everything stays visible', () => {
    mockReducedMotion(true);
    placeElement(2000);
    stop = startReveal();
    expect(document.documentElement.classList.contains(REVEAL_ACTIVE_CLASS)).toBe(false);
  });
});
