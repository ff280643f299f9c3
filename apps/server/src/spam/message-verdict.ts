import type { SpamVerdict } from '@site/api-contract';
import type { MessageRow } from '../db/types.js';
import { storedReasons } from './reasons.js';
import type { Verdict } from './spam-filter.js';

/**
 * The verdict a stored message shows: an operator's Spam / Not spam mark when there is one, otherwise
 * the filter's. A message marked not spam is no longer labelled possibly spam.
 */
export const shownVerdict = (row: Pick<MessageRow, 'spam_verdict' | 'spam_mark'>): SpamVerdict =>
  row.spam_mark ?? row.spam_verdict;

/** What a new message keeps of the filter's verdict. */
export const verdictColumns = (verdict: Verdict) => ({
  spam: verdict.spam ? (1 as const) : (0 as const),
  spam_verdict: verdict.verdict,
  spam_score: verdict.score,
  spam_reasons: storedReasons(verdict.reasons),
  text_fingerprint: verdict.fingerprint,
});
