import { debounce, throttle } from './timing';
import { prefersReducedMotion } from './reduced-motion';

/**
 * The scroll-reveal defaults: those of the AOS library the company's earlier site used, so sections
 * appear as they did (its 400 ms ease transitions are in reveal.css).
 */
export const revealDefaults = {
  offset: 120,
  once: false,
  throttleDelay: 99,
  debounceDelay: 50,
} as const;

export const REVEALED_CLASS = 'is-revealed';
/** Set on <html> once reveal runs; without it (no JavaScript, reduced motion) everything is visible. */
export const REVEAL_ACTIVE_CLASS = 'reveal-active';
/** Set on <html> while reveal hides what is out of view as it starts, which then does not fade out. */
export const REVEAL_STARTING_CLASS = 'reveal-starting';

/** An element is revealed once its top has come `offset` px above the bottom edge of the viewport. */
export function isRevealed(elementTop: number, scrollY: number, viewportHeight: number, offset: number) {
  return scrollY + viewportHeight - offset >= elementTop;
}

/** Starts revealing `[data-reveal]` elements on scroll; returns a function that stops it. */
export function startReveal(options: { once?: boolean } = {}): () => void {
  if (prefersReducedMotion()) return () => {};
  const once = options.once ?? revealDefaults.once;
  const root = document.documentElement;
  let targets: { element: Element; top: number }[] = [];

  const measure = () => {
    targets = Array.from(document.querySelectorAll('[data-reveal]'), (element) => ({
      element,
      top: element.getBoundingClientRect().top + window.scrollY,
    }));
  };
  const update = () => {
    for (const { element, top } of targets) {
      const show = isRevealed(top, window.scrollY, window.innerHeight, revealDefaults.offset);
      if (show) element.classList.add(REVEALED_CLASS);
      else if (!once) element.classList.remove(REVEALED_CLASS);
    }
  };
  const onScroll = throttle(update, revealDefaults.throttleDelay);
  const onResize = debounce(() => {
    measure();
    update();
  }, revealDefaults.debounceDelay);

  measure();
  update();
  // What is out of view is hidden at once: a fade-out would animate every element below the fold, and
  // painting them all as layers of their own took one task of 15 ms at 1x CPU right after load.
  root.classList.add(REVEAL_ACTIVE_CLASS, REVEAL_STARTING_CLASS);
  // Computing a style now styles the page with the hidden states and no transitions, before they return.
  if (targets[0]) getComputedStyle(targets[0].element).getPropertyValue('opacity');
  root.classList.remove(REVEAL_STARTING_CLASS);
  window.addEventListener('scroll', onScroll, { passive: true });
  window.addEventListener('resize', onResize);
  return () => {
    onScroll.cancel();
    onResize.cancel();
    window.removeEventListener('scroll', onScroll);
    window.removeEventListener('resize', onResize);
    root.classList.remove(REVEAL_ACTIVE_CLASS);
  };
}
