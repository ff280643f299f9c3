export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number; maxAttempts: number };

/** Delay before the next try after `attempts` failures: doubling from the first delay, up to the cap. */
export function retryDelayMs(
  attempts: number,
  policy: Pick<RetryPolicy, 'firstDelayMs' | 'maxDelayMs'>,
): number {
  return Math.min(policy.firstDelayMs * 2 ** Math.max(attempts - 1, 0), policy.maxDelayMs);
}
