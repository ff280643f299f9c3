import type { RawView } from './page-view-repository.js';

/** More page views than this within BURST_MS from one visitor is a script, not a person reading. */
export const BURST_VIEWS = 10;
export const BURST_MS = 10_000;

/** Why a visitor whose headers passed is left out by what it did (decision 066). */
export type BehaviourReason = 'burst' | 'no-assets';

/** Whether `views` (one visitor's, oldest first) hold more than BURST_VIEWS within BURST_MS. */
function isBurst(views: readonly RawView[]): boolean {
  for (let last = BURST_VIEWS; last < views.length; last++) {
    const first = views[last - BURST_VIEWS]!;
    if (Date.parse(views[last]!.viewed_at) - Date.parse(first.viewed_at) < BURST_MS) return true;
  }
  return false;
}

/**
 * Whether one visitor's day of views was a person's, or why not: a burst, or a client that showed no
 * sign of a browser: it fetched none of the pages' assets and never called a page request a document
 * navigation (`Sec-Fetch-Dest: document`, which every current browser sends). A returning person whose
 * browser has the assets cached still sends that header, so cached assets lose nobody but the users
 * of browsers older than 2023 that also had everything cached.
 */
export function behaviourOf(views: readonly RawView[], fetchedAssets: boolean): BehaviourReason | undefined {
  if (isBurst(views)) return 'burst';
  if (!fetchedAssets && !views.some((view) => view.navigation === 1)) return 'no-assets';
  return undefined;
}
