// The client entry, loaded by the behaviour module (app/behaviour.ts) after the first paint: every page
// is static HTML with islands, and each island is hydrated on its own; React is imported only when the
// first island needs it. With it comes what a static page needs without React: the scroll state (active
// nav link, back-to-top), sections revealed on scroll, the popover menu closing on a followed link;
// scrolling and its offset are CSS. Each step in a task of its own. The scroll state reads the layout
// before reveal restyles the sections, so neither makes the browser lay the page out again.
import { hydrateIslands } from './islands/hydrate';
import { closeMenuOnLinkClick } from './lib/menu-close';
import { startReveal } from './lib/reveal';
import { startScrollState } from './lib/scroll-state';

/** Each step in a task of its own, so that none keeps a slow phone from answering input for long. */
function runInTurn([step, ...rest]: (() => void)[]) {
  step?.();
  if (rest.length > 0) setTimeout(() => runInTurn(rest));
}

runInTurn([hydrateIslands, startScrollState, () => void startReveal(), closeMenuOnLinkClick]);
