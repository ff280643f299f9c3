import type { SpamReason } from '@site/api-contract';
import { spamProbability, type TrainingTotals } from './bayes.js';
import { reasonFor } from './reasons.js';
import { messageTokens, type SpamText } from './spam-text.js';
import type { TokenHasher, tokenStore } from './token-store.js';

/** Before it has learnt from this many spam and as many real messages, the classifier keeps quiet. */
export const MIN_TRAINED = 10;

/**
 * Points by how sure the classifier is: from 0.9, SpamBayes' own spam cutoff, as many as the default
 * threshold; between 0.5 and 0.9 in proportion, so other signals decide; below 0.5 points against, down
 * to -3 for a message that reads like the real ones.
 */
const pointsFor = (probability: number) => {
  const points = probability >= 0.5 ? Math.min((probability - 0.5) * 12.5, 5) : (probability - 0.5) * 6;
  return Math.round(points * 10) / 10;
};

const learnt = (totals: TrainingTotals) => `learnt from ${totals.spam} spam and ${totals.ham} real messages`;

/** What the classifier makes of a message's words, from what the operators taught it. */
export async function classifierSignal(
  message: SpamText,
  store: ReturnType<typeof tokenStore>,
  hashOf: TokenHasher,
): Promise<SpamReason> {
  const totals = await store.totals();
  if (totals.spam < MIN_TRAINED || totals.ham < MIN_TRAINED)
    return reasonFor('classifier', 0, `not trained yet: ${learnt(totals)}; it needs ${MIN_TRAINED} of each`);
  const counts = await store.counts(messageTokens(message).map(hashOf));
  const probability = spamProbability(counts, totals);
  return reasonFor(
    'classifier',
    pointsFor(probability),
    `${(probability * 100).toFixed(1)} % likely spam (${learnt(totals)})`,
  );
}
