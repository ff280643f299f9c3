// The behaviour module of every page (static HTML with islands), inlined at the end of its <body>
// (root.tsx) and run as the parser reaches it, so the loading overlay is gone (and the footer shows this year) before the first paint.
// After the first contentful paint (the rest reads the layout and fetches, which would delay it): the web
// fonts, then the islands entry (entry.client.tsx), which brings what a static page does on scroll.
// Only what cannot wait for that file is here: every byte of it is in every page (decision 076).
import { showCurrentYear } from './lib/current-year';
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

// The fonts first, so that what is in view has them at the same moment as before; the entry's files,
// in a task of their own, are on their way while the fonts' first part is laid out.
const start = () => {
  void useWebFonts();
  setTimeout(loadIslands);
};

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
