import type { MessageRepository } from './message-repository.js';

/** Messages per address per window; 0 switches a window off (load benchmarks only). */
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
    if (limit === 0) continue;
    const times = await repository.firstSentFromIpSince(ip, new Date(now - windowMs).toISOString(), limit);
    if (times.length >= limit) {
      return Math.max(1, Math.ceil((Date.parse(times[0]!) + windowMs - now) / 1000));
    }
  }
  return 0;
}
