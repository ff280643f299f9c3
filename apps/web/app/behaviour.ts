// The behaviour module of every page (static HTML with islands), inlined at the end of its <body>
// (root.tsx) and run as the parser reaches it, so the loading overlay is gone (and the footer shows this year) before the first paint.
// After the first contentful paint (the rest reads the layout and fetches, which would delay it), what a
// static page needs without React: the web fonts, sections reveal on scroll, the scroll state (active nav link,
// back-to-top), the popover menu closing on a followed link; scrolling and its offset are CSS. Then it
// loads the islands entry (entry.client.tsx).
import { showCurrentYear } from './lib/current-year';
import { closeMenuOnLinkClick } from './lib/menu-close';
import { startReveal } from './lib/reveal';
import { startScrollState } from './lib/scroll-state';
import { useWebFonts } from './lib/web-fonts';

const [islandsEntry, ...entryImports] = JSON.parse(
  document.currentScript?.dataset.islands ?? '[]',
) as string[];

document.querySelector('.loading-overlay')?.remove();
showCurrentYear();

// The entry's own imports are fetched beside it, not after it: imported directly rather than through
// <link rel="modulepreload">, which would change the document and have the browser restyle all of it.
function loadIslands() {
  for (const module of [...entryImports, islandsEntry]) if (module) void import(/* @vite-ignore */ module);
}

/** Each step in a task of its own, so that none keeps a slow phone from answering input for long. */
function runInTurn([step, ...rest]: (() => void)[]) {
  step?.();
  if (rest.length > 0) setTimeout(() => runInTurn(rest));
}

// The islands first: their files are on their way while the other steps run. The scroll state reads the
// layout before reveal restyles the sections, so neither makes the browser lay the page out again.
const start = () =>
  runInTurn([() => void useWebFonts(), loadIslands, startScrollState, startReveal, closeMenuOnLinkClick]);

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
