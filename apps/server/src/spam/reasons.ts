import type { SpamSignal } from '@site/api-contract';
import type { ReasonFacts } from './reason-details.js';

/**
 * One reason of a verdict as the filter keeps it: the signal, the points it adds, and the facts its text
 * is made of (reason-details.ts), not the text: that is written only when an operator reads it.
 */
export type Reason = { [S in SpamSignal]: { signal: S; points: number; facts: ReasonFacts[S] } }[SpamSignal];

export const reasonFor = <S extends SpamSignal>(signal: S, points: number, ...facts: ReasonFacts[S]) =>
  ({ signal, points, facts }) as Reason;

/** The weightiest reasons first, whichever way they point. */
export const byWeight = (reasons: readonly Reason[]) =>
  [...reasons].sort((a, b) => Math.abs(b.points) - Math.abs(a.points));

/** The points of all reasons, to one decimal. */
export const scoreOf = (reasons: readonly Reason[]) =>
  Math.round(reasons.reduce((sum, reason) => sum + reason.points, 0) * 10) / 10;

/**
 * The reasons as a message stores them: `[signal, points, ...facts]` each, some twenty bytes where
 * the texts took a hundred and more, which every message writes (decision 026).
 */
export const storedReasons = (reasons: readonly Reason[]) =>
  JSON.stringify(reasons.map(({ signal, points, facts }) => [signal, points, ...facts]));
