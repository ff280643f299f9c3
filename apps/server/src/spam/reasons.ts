import type { SpamReason, SpamSignal } from '@site/api-contract';

export const reasonFor = (signal: SpamSignal, points: number, detail: string): SpamReason => ({
  signal,
  points,
  detail,
});

/** The weightiest reasons first, whichever way they point. */
export const byWeight = (reasons: readonly SpamReason[]) =>
  [...reasons].sort((a, b) => Math.abs(b.points) - Math.abs(a.points));

/** The points of all reasons, to one decimal. */
export const scoreOf = (reasons: readonly SpamReason[]) =>
  Math.round(reasons.reduce((sum, reason) => sum + reason.points, 0) * 10) / 10;
