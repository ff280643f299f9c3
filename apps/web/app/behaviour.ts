// The behaviour module of a page made of islands, inlined at the end of its <body> (root.tsx) and run as
// the parser reaches it, so the loading overlay is gone before the first paint. After the first
// contentful paint (the rest reads the layout and fetches, which would delay it), what a static page needs without React: sections reveal
// on scroll, the nav link of the section in view is marked, back-to-top shows once scrolled, the
// (popover) menu closes when one of its links is followed; scrolling and its offset are CSS. Then it
// loads the islands entry (entry.client.tsx).
import { activeSectionId } from './lib/active-section';
import { startReveal } from './lib/reveal';
import { throttle } from './lib/timing';
import { BACK_TO_TOP_THRESHOLD_PX, SCROLL_OFFSET_PX } from './lib/ui-constants';

const [islandsEntry, ...entryImports] = JSON.parse(
  document.currentScript?.dataset.islands ?? '[]',
) as string[];

document.querySelector('.loading-overlay')?.remove();

function start() {
  startReveal();
  const links = [...document.querySelectorAll<HTMLAnchorElement>('.site-nav a[href^="#"]')];
  const backToTop = document.querySelector('.back-to-top');
  const update = () => {
    const sections = links.flatMap(({ hash }) => {
      const section = document.getElementById(hash.slice(1));
      return section ? [{ id: section.id, top: section.getBoundingClientRect().top + window.scrollY }] : [];
    });
    const view = {
      scrollY: window.scrollY,
      viewportHeight: window.innerHeight,
      pageHeight: document.documentElement.scrollHeight,
    };
    const active = activeSectionId(sections, view, SCROLL_OFFSET_PX);
    for (const link of links) {
      if (link.hash === `#${active}`) link.setAttribute('aria-current', 'location');
      else link.removeAttribute('aria-current');
    }
    backToTop?.classList.toggle('is-visible', window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
  };
  const onChange = throttle(update, 99);
  update();
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange);

  const menu = document.getElementById('site-menu');
  menu?.addEventListener('click', (event) => {
    if (event.target instanceof Element && event.target.closest('a') && menu.matches(':popover-open')) {
      menu.hidePopover();
    }
  });

  for (const href of entryImports) {
    document.head.append(Object.assign(document.createElement('link'), { rel: 'modulepreload', href }));
  }
  if (islandsEntry) void import(/* @vite-ignore */ islandsEntry);
}

// After the first contentful paint (at most 3 s, for a hidden tab); see docs/decisions/013.
let started = false;
const startOnce = () => {
  if (!started) start();
  started = true;
};
new PerformanceObserver((entries) => {
  if (entries.getEntriesByName('first-contentful-paint').length > 0) startOnce();
}).observe({ type: 'paint', buffered: true });
setTimeout(startOnce, 3000);
