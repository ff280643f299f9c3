import type { MessageRepository } from './message-repository.js';

export type RateLimits = { perMinute: number; perDay: number };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Sliding windows over the messages already stored from this address, so the limit holds across
 * restarts and across server instances sharing one database. Returns the seconds to wait, or 0.
 */
export async function secondsUntilAllowed(
  repository: MessageRepository,
  ip: string,
  limits: RateLimits,
  now = Date.now(),
): Promise<number> {
  for (const [windowMs, limit] of [
    [MINUTE_MS, limits.perMinute],
    [DAY_MS, limits.perDay],
  ] as const) {
    const { count, earliest } = await repository.sentFromIpSince(ip, new Date(now - windowMs).toISOString());
    if (count >= limit && earliest) {
      return Math.max(1, Math.ceil((Date.parse(earliest) + windowMs - now) / 1000));
    }
  }
  return 0;
}
