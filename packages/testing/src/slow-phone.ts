// A slow phone in Chromium, through the DevTools protocol: the network and CPU of the lean-pages targets
// (docs/decisions/014), and the Event Timing API's view of how long an interaction took to paint.
// Shared by the browser tests and the benchmarks.
import type { BrowserContext, Page } from 'playwright-core';

export const SLOW_PHONE = {
  viewport: { width: 412, height: 823 },
  /** 150 ms round trip, 1.6 Mbit/s down, 750 kbit/s up (Lighthouse's mobile profile, with its 10 % loss). */
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6e6 / 8) * 0.9,
    uploadThroughput: (750e3 / 8) * 0.9,
  },
  cpuSlowdown: 4,
} as const;

/** Slows the page's CPU and, unless `network` is false, its network. */
export async function emulateSlowPhone(context: BrowserContext, page: Page, { network = true } = {}) {
  const cdp = await context.newCDPSession(page);
  if (network) {
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_PHONE.network);
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: SLOW_PHONE.cpuSlowdown });
}

declare global {
  interface Window {
    __overlayGone?: number;
    __interactions?: { start: number; duration: number }[];
  }
}

/**
 * An init script: records when the loading overlay leaves the document (the behaviour module removes
 * it as the parser reaches the end of the page, so no frame shows it; the tests also check that this is
 * no later than the first paint) and every interaction the Event Timing API reports.
 */
export function recordPageTimings() {
  new MutationObserver((records, observer) => {
    const removed = records.some((record) =>
      [...record.removedNodes].some((node) => node instanceof Element && node.matches('.loading-overlay')),
    );
    if (!removed) return;
    window.__overlayGone = performance.now();
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
  window.__interactions = [];
  const record = (list: PerformanceObserverEntryList) => {
    for (const entry of list.getEntries() as PerformanceEventTiming[]) {
      if (entry.interactionId)
        window.__interactions?.push({ start: entry.startTime, duration: entry.duration });
    }
  };
  // 16 ms is the smallest threshold the API allows: a quicker interaction is not reported at all.
  new PerformanceObserver(record).observe({
    type: 'event',
    durationThreshold: 16,
    buffered: true,
  } as PerformanceObserverInit);
  new PerformanceObserver(record).observe({ type: 'first-input', buffered: true });
}

/** The shortest duration the Event Timing API reports; below it an interaction leaves no entry. */
export const EVENT_TIMING_FLOOR_MS = 16;

/**
 * Runs `act` (a tap, a click) and returns how long its slowest event took from input to the next paint,
 * by the Event Timing API (`EVENT_TIMING_FLOOR_MS` when it was too quick to be reported).
 */
export async function interactionToPaint(page: Page, act: () => Promise<void>): Promise<number> {
  const since = await page.evaluate(() => performance.now());
  await act();
  // Entries are queued after the paint that follows the event: wait for two frames and an idle moment.
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 200))),
      ),
  );
  const durations = await page.evaluate(
    (from) =>
      (window.__interactions ?? []).filter((entry) => entry.start >= from).map((entry) => entry.duration),
    since,
  );
  return Math.max(EVENT_TIMING_FLOOR_MS, ...durations);
}
