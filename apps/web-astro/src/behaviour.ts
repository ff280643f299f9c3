// The page's one behaviour module (bundled, never inline): ends the loading overlay; menu, back to
// top, active nav link and scroll reveal. React runs only in the islands. Nothing here reads the
// layout before the first paint (that would force one and delay the paint): reveal uses an
// IntersectionObserver, the rest waits for scroll events.
import { navItems } from '@web/content/navigation';
import { activeSectionId } from '@web/lib/active-section';
import { prefersReducedMotion, scrollBehavior } from '@web/lib/reduced-motion';
import { REVEAL_ACTIVE_CLASS, REVEALED_CLASS, revealDefaults } from '@web/lib/reveal';
import { throttle } from '@web/lib/timing';
import { BACK_TO_TOP_THRESHOLD_PX, OVERLAY_FADE_OUT_MS, SCROLL_OFFSET_PX } from '@web/lib/ui-constants';

// The overlay goes before the first paint when this runs in time; after it, it fades out.
const overlay = document.querySelector('body > .loading-overlay');
if (overlay && performance.getEntriesByType('paint').length === 0) overlay.remove();
else if (overlay) {
  overlay.classList.add('is-leaving');
  setTimeout(() => overlay.remove(), OVERLAY_FADE_OUT_MS);
}

// Reveal (spec: AOS defaults, once: false): shown while the top is `offset` px above the viewport's
// bottom edge or higher, hidden below. The root reaches far up, so elements scrolled past count too.
if (!prefersReducedMotion()) {
  const reveal = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries)
        target.classList.toggle(REVEALED_CLASS, isIntersecting);
      document.documentElement.classList.add(REVEAL_ACTIVE_CLASS);
    },
    { rootMargin: `1000000px 0px -${revealDefaults.offset}px 0px` },
  );
  for (const element of document.querySelectorAll('[data-reveal]')) reveal.observe(element);
}

const toggle = document.querySelector<HTMLButtonElement>('.menu-toggle');
const menu = document.getElementById('site-menu');
const setMenu = (open: boolean) => {
  toggle?.setAttribute('aria-expanded', String(open));
  menu?.classList.toggle('is-open', open);
};
toggle?.addEventListener('click', () => setMenu(toggle.getAttribute('aria-expanded') !== 'true'));
document.querySelector('.site-header')?.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('a')) setMenu(false);
});
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || toggle?.getAttribute('aria-expanded') !== 'true') return;
  setMenu(false);
  toggle.focus();
});

const backToTop = document.querySelector('.back-to-top');
backToTop?.addEventListener('click', () => {
  window.scrollTo({ top: 0, behavior: scrollBehavior() });
  document.getElementById('main')?.focus({ preventScroll: true });
});

// The active nav link: the first until the page scrolls (a jump to #section scrolls too).
const navLinks = [...document.querySelectorAll<HTMLAnchorElement>('.site-nav a[href^="#"]')];
const markActive = (active: string | undefined) => {
  for (const link of navLinks) {
    if (link.hash === `#${active}`) link.setAttribute('aria-current', 'location');
    else link.removeAttribute('aria-current');
  }
};
markActive(navItems[0].sectionId);
const updateActive = throttle(() => {
  const sections = navItems.flatMap(({ sectionId: id }) => {
    const element = document.getElementById(id);
    return element ? [{ id, top: element.getBoundingClientRect().top + window.scrollY }] : [];
  });
  const view = {
    scrollY: window.scrollY,
    viewportHeight: window.innerHeight,
    pageHeight: document.documentElement.scrollHeight,
  };
  markActive(activeSectionId(sections, view, SCROLL_OFFSET_PX));
}, 99);
const onScroll = () => {
  backToTop?.classList.toggle('is-visible', window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
  if (navLinks.length) updateActive();
};
window.addEventListener('scroll', onScroll, { passive: true });
window.addEventListener('resize', onScroll);
