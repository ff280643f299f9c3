import type { SpamReason } from '@site/api-contract';
import { spamProbability, type TrainingTotals } from './bayes.js';
import { reasonFor } from './reasons.js';
import { messageTokens, type SpamText } from './spam-text.js';
import type { TokenHasher, tokenStore } from './token-store.js';

/** Before it has learnt from this many spam and as many real messages, the classifier keeps quiet. */
export const MIN_TRAINED = 10;

/** Points by how sure the classifier is: only near-certainty makes spam on its own. */
const pointsFor = (probability: number) => {
  if (probability >= 0.99) return 5;
  if (probability >= 0.95) return 3.5;
  if (probability >= 0.8) return 2;
  if (probability <= 0.01) return -3;
  if (probability <= 0.05) return -1.5;
  if (probability <= 0.2) return -0.5;
  return 0;
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
