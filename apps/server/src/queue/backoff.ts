/**
 * How a queue retries a failed attempt: after doubling delays from the first, up to the cap; given up after
 * `maxAttempts` attempts (a mail) or at a time of the row's own (a webhook delivery's, see nextAttemptAt).
 */
export type RetryPolicy = { firstDelayMs: number; maxDelayMs: number; maxAttempts?: number };

/** Delay before the next try after `attempts` failures: doubling from the first delay, up to the cap. */
const retryDelayMs = (attempts: number, policy: RetryPolicy) =>
  Math.min(policy.firstDelayMs * 2 ** Math.max(attempts - 1, 0), policy.maxDelayMs);

/**
 * When a row whose `attempts`-th attempt failed at `now` is tried again: after the doubling delay, but no later
 * than `giveUpAt` (a last attempt then); null when it is given up, its attempts used or that time passed.
 */
export function nextAttemptAt(
  attempts: number,
  policy: RetryPolicy,
  { now = Date.now(), giveUpAt = Number.POSITIVE_INFINITY }: { now?: number; giveUpAt?: number } = {},
): string | null {
  if (attempts >= (policy.maxAttempts ?? Number.POSITIVE_INFINITY) || now >= giveUpAt) return null;
  return new Date(Math.min(now + retryDelayMs(attempts, policy), giveUpAt)).toISOString();
}
