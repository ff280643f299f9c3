import { spamProbability } from './bayes.js';
import { whenReady } from './maybe-async.js';
import { type Reason, reasonFor } from './reasons.js';
import { messageTokens, type SpamText } from './spam-text.js';
import type { TokenHasher, tokenStore } from './token-store.js';

/** Before it has learnt from this many spam and as many real messages, the classifier keeps quiet. */
export const MIN_TRAINED = 10;

/**
 * Points by how sure the classifier is. SpamBayes calls 0.2 to 0.9 unsure; here the lower half of that
 * band adds nothing, and from 0.5 the points grow to the default threshold at 0.75, so an unsure
 * verdict needs another signal and a clear one decides alone. Below 0.2 the text reads like real
 * mail: down to -3 points. The cut-offs were chosen on bench:spam's held-out sets, where real mail
 * stayed under 0.2 (docs/spam.md).
 */
const pointsFor = (probability: number) => {
  const points =
    probability >= 0.5
      ? Math.min((probability - 0.5) * 20, 5)
      : probability < 0.2
        ? (probability - 0.2) * 15
        : 0;
  return Math.round(points * 10) / 10;
};

/**
 * What the classifier makes of a message's words, from what the operators taught it: the model's state
 * is read for each message, the words' counts only when not in memory at that state.
 */
export function classifierSignal(
  message: SpamText,
  normalBody: string,
  store: ReturnType<typeof tokenStore>,
  hashOf: TokenHasher,
): Promise<Reason> {
  return store.state().then((totals) => {
    if (totals.spam < MIN_TRAINED || totals.ham < MIN_TRAINED)
      return reasonFor('classifier', 0, totals.spam, totals.ham);
    return whenReady(store.counts(messageTokens(message, normalBody), hashOf, totals.version), (counts) => {
      const probability = spamProbability(counts, totals);
      return reasonFor(
        'classifier',
        pointsFor(probability),
        totals.spam,
        totals.ham,
        Math.round(probability * 1000) / 10,
      );
    });
  });
}
