import { DAY_MS } from '../time.js';

/** Messages per address per window; 0 switches a window off (load benchmarks only). */
export type RateLimits = { perMinute: number; perDay: number };

/** The receive times (ISO) of the first `limit` messages an address sent since `since`, oldest first. */
export type SentSince = (ip: string, since: string, limit: number) => Promise<string[]>;

const MINUTE_MS = 60_000;

/** Whether either window is on. */
export const isLimited = (limits: RateLimits) => limits.perMinute > 0 || limits.perDay > 0;

/**
 * Sliding windows over the messages already stored from each address, so the limit holds across
 * restarts and across server instances sharing one database. Called inside the transaction that stores
 * `batch`, so nothing is stored between the count and the insert, and a message counts the ones before
 * it in the batch (and before judging, by rate-limit-gate.ts). One query an address while it is under
 * its daily limit. Returns, for each message in order, when its sender may send again (milliseconds
 * since the epoch), or 0 when it may now.
 */
export async function sendableAt(
  batch: readonly { ip: string; received_at: string }[],
  limits: RateLimits,
  sentSince: SentSince,
  now = Date.now(),
): Promise<number[]> {
  const windows = (
    [
      [DAY_MS, limits.perDay],
      [MINUTE_MS, limits.perMinute],
    ] as const
  ).filter(([, limit]) => limit > 0);
  const sentBy = new Map<string, string[][]>();
  const sendable: number[] = [];
  for (const { ip, received_at } of batch) {
    let sent = sentBy.get(ip);
    if (!sent) {
      sent = [];
      for (const [index, [windowMs, limit]] of windows.entries()) {
        const since = new Date(now - windowMs).toISOString();
        // Fewer than its limit, the wider window's messages are all of them, the narrower's among them.
        const wider = sent[index - 1];
        sent.push(
          wider && wider.length < windows[index - 1]![1]
            ? wider.filter((time) => time > since).slice(0, limit)
            : await sentSince(ip, since, limit),
        );
      }
      sentBy.set(ip, sent);
    }
    const at = Math.max(
      0,
      ...windows.map(([windowMs, limit], index) => {
        const times = sent[index]!;
        return times.length < limit ? 0 : Date.parse(times[0]!) + windowMs;
      }),
    );
    sendable.push(at);
    if (at === 0) for (const times of sent) times.push(received_at);
  }
  return sendable;
}

/** What a refused sender is told to wait: the whole seconds until `at`, at least 1. */
export const secondsUntil = (at: number, now: number) => Math.max(1, Math.ceil((at - now) / 1000));
