import type { FastifyBaseLogger } from 'fastify';
import type { Failure } from './leased-queue-repository.js';

/**
 * A failed attempt's outcome, logged with `logged` (which says the reason as a log may):
 * `<what> will be retried` at `nextAttemptAt`, or `<what> failed` when that is null.
 */
export function failedAttempt(
  what: 'mail' | 'webhook',
  log: FastifyBaseLogger,
  { logged, ...failure }: Failure & { logged: Record<string, unknown> },
): Failure {
  log.warn(
    { ...logged, attempts: failure.attempts, nextAttemptAt: failure.nextAttemptAt },
    failure.nextAttemptAt ? `${what} will be retried` : `${what} failed`,
  );
  return failure;
}
