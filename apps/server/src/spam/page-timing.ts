import { type Reason, reasonFor } from './reasons.js';

/** Nobody reads a page and writes a message in less. */
export const MIN_SECONDS_ON_PAGE = 3;

/** When the browser that sent a message was first served a page, as its signed XSRF cookie tells. */
export type PageTiming =
  /** Sent from a partner's site (an allowed origin), which our cookie never reaches. */
  { kind: 'cross-site' } | { kind: 'served'; at: number } | { kind: 'no-page' };

/** A message sent implausibly soon after the page was served, or by a client no page was ever served to. */
export function timingSignals(timing: PageTiming, now: number): Reason[] {
  if (timing.kind === 'cross-site') return [];
  if (timing.kind === 'no-page') return [reasonFor('no-page', 3)];
  const seconds = (now - timing.at) / 1000;
  if (seconds >= 0 && seconds < MIN_SECONDS_ON_PAGE)
    return [reasonFor('too-fast', 4, Math.round(seconds * 10) / 10)];
  return [];
}
