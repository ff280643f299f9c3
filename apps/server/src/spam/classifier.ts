import { type SpamReading, spamReading } from './bayes.js';
import { type Reason, reasonFor } from './reasons.js';
import type { tokenCounts } from './token-counts.js';
import type { TokenHasher, TrainingState } from './token-repository.js';

/** Before it has learnt from this many spam and as many real messages, the classifier keeps quiet. */
export const MIN_TRAINED = 10;

/** How the classifier's probability becomes points. */
export type ClassifierWeights = {
  /** From this probability up, points grow in proportion... */
  from: number;
  /** ...to `points` here and above: the probability the classifier alone silences from. */
  sureAt: number;
  points: number;
  /** Below this probability the text reads like real mail: points fall to `-realPoints` at 0. */
  realBelow: number;
  realPoints: number;
  /**
   * From this probability of the message's 25 clearest tokens up, at least `labelPoints` (the possibly
   * band's lower edge by default): labelled for a person to judge, never silenced by it alone.
   */
  labelFrom: number;
  labelPoints: number;
};

/**
 * The weights `npm run bench:spam-cv` chose by cross-validation on the older four fifths of the corpus
 * (docs/spam.md): the classifier alone silences only where it is sure, the points from `from` up put a
 * message in the possibly-spam band with less, and needs another signal to reach spam.
 */
export const classifierWeights: ClassifierWeights = {
  from: 0.3,
  sureAt: 0.9,
  points: 5,
  realBelow: 0.2,
  realPoints: 2,
  labelFrom: 0.45,
  labelPoints: 1.5,
};

/** The points for the probability of a message's 150 clearest tokens alone. */
function probabilityPoints(probability: number, weights: ClassifierWeights): number {
  const { from, sureAt, points, realBelow, realPoints } = weights;
  if (probability >= from) return Math.min(((probability - from) / (sureAt - from)) * points, points);
  return probability < realBelow ? ((probability - realBelow) / realBelow) * realPoints : 0;
}

/** Whether the 25 clearest tokens alone give the message its label: the 150 give less. */
export const labelledByClearest = (
  { probability, clearest }: SpamReading,
  weights: ClassifierWeights = classifierWeights,
) => clearest >= weights.labelFrom && probabilityPoints(probability, weights) < weights.labelPoints;

/** The points for what the classifier read of a message, to one decimal. */
export function classifierPoints(reading: SpamReading, weights: ClassifierWeights = classifierWeights) {
  const value = labelledByClearest(reading, weights)
    ? weights.labelPoints
    : probabilityPoints(reading.probability, weights);
  return Math.round(value * 10) / 10;
}

/**
 * What the classifier makes of a message's tokens (messageTokens), from what the operators taught it:
 * their counts from memory at the model's state as the verdict read it (token-counts.ts).
 */
export async function classifierSignal(
  tokens: readonly string[],
  totals: TrainingState,
  model: ReturnType<typeof tokenCounts>,
  hashOf: TokenHasher,
): Promise<Reason> {
  if (totals.spam < MIN_TRAINED || totals.ham < MIN_TRAINED)
    return reasonFor('classifier', 0, totals.spam, totals.ham);
  const counts = await model.counts(tokens, hashOf, totals.version);
  const reading = spamReading(counts, totals);
  const percent = (probability: number) => Math.round(probability * 1000) / 10;
  return reasonFor(
    'classifier',
    classifierPoints(reading),
    totals.spam,
    totals.ham,
    percent(reading.probability),
    ...(labelledByClearest(reading) ? [percent(reading.clearest)] : []),
  );
}
