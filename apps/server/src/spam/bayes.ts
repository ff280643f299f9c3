/** In how many spam and real messages one token was seen. */
export type TokenCounts = { spam: number; ham: number };

/** How many spam and real messages the counts come from. */
export type TrainingTotals = { spam: number; ham: number };

// Robinson's and SpamBayes' constants: how strongly an unseen or rare token leans to 0.5, how far from
// 0.5 a token must be to count, and how many of the clearest tokens decide.
const UNKNOWN_STRENGTH = 0.45;
const UNKNOWN_PROBABILITY = 0.5;
const MIN_DISTANCE = 0.1;
const MAX_DISCRIMINATORS = 150;
/**
 * The clearest clues read a second time on their own (decision 077): a message whose few strongest
 * tokens say spam, drowned by the many mild ones of real mail among its 150, is worth a person's look.
 */
const SHARP_DISCRIMINATORS = 25;

/** P(chi-square with 2·halfDf degrees of freedom ≥ x2): the series for an even number of degrees. */
function chiSquareTail(x2: number, halfDf: number): number {
  const m = x2 / 2;
  let term = Math.exp(-m);
  let sum = term;
  for (let i = 1; i < halfDf; i++) {
    term *= m / i;
    sum += term;
  }
  return Math.min(sum, 1);
}

/**
 * How spammy one token is, leaning to 0.5 the fewer messages it was seen in (Robinson's f(w)). The
 * messages it was seen in are counted as if both sides had learnt as many as the smaller one: a company
 * learns from far more real mail than spam (2,000 and 400 in bench:spam), and a word in 8 of 2,000 real
 * mails and none of 400 spam is what chance gives a word spam uses as often (1.6 expected), not the
 * proof 8 messages would be. Counted raw, such rare words of real mail outweighed a spam's clearest
 * clues (a link to a bare IP address, in 51 of 400 spam).
 */
export function tokenProbability({ spam, ham }: TokenCounts, totals: TrainingTotals): number {
  const spamRatio = spam / Math.max(totals.spam, 1);
  const hamRatio = ham / Math.max(totals.ham, 1);
  const p = spamRatio / (spamRatio + hamRatio);
  const seen = (spamRatio + hamRatio) * Math.max(Math.min(totals.spam, totals.ham), 1);
  return (UNKNOWN_STRENGTH * UNKNOWN_PROBABILITY + seen * p) / (UNKNOWN_STRENGTH + seen);
}

/** Fisher's chi-square combining of clues (the tokens' f(w)), clearest first: 0.5 when there are none. */
function combined(clues: readonly number[]): number {
  if (clues.length === 0) return 0.5;
  let spamLogs = 0;
  let hamLogs = 0;
  for (const p of clues) {
    spamLogs += Math.log(1 - p);
    hamLogs += Math.log(p);
  }
  const spamness = 1 - chiSquareTail(-2 * spamLogs, clues.length);
  const hamness = 1 - chiSquareTail(-2 * hamLogs, clues.length);
  return (1 + spamness - hamness) / 2;
}

/** What the classifier reads of a message: the probability of its 150 clearest tokens, and of its 25 clearest. */
export type SpamReading = { probability: number; clearest: number };

/**
 * The probability (0 to 1) that a message is spam from its tokens' counts: naive Bayes as Gary Robinson
 * refined it, combining the clearest tokens with Fisher's chi-square method (as SpamBayes and
 * SpamAssassin's Bayes do), 0.5 when no token says anything; and the same of its 25 clearest tokens
 * alone, which ranks spam that reads half like real mail higher (decision 077).
 */
export function spamReading(counts: readonly TokenCounts[], totals: TrainingTotals): SpamReading {
  const clues: number[] = [];
  for (const count of counts) {
    if (count.spam + count.ham > 0) {
      const p = tokenProbability(count, totals);
      if (Math.abs(p - 0.5) >= MIN_DISTANCE) clues.push(p);
    }
  }
  clues.sort((a, b) => Math.abs(b - 0.5) - Math.abs(a - 0.5));
  const clearest = clues.slice(0, MAX_DISCRIMINATORS);
  return { probability: combined(clearest), clearest: combined(clearest.slice(0, SHARP_DISCRIMINATORS)) };
}

/** The probability that a message is spam from its 150 clearest tokens (spamReading's `probability`). */
export const spamProbability = (counts: readonly TokenCounts[], totals: TrainingTotals): number =>
  spamReading(counts, totals).probability;
