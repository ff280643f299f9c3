/** Messages per address per window; 0 switches a window off (load benchmarks only). */
export type RateLimits = { perMinute: number; perDay: number };

/** The receive times (ISO) of the first `limit` messages an address sent since `since`, oldest first. */
export type SentSince = (ip: string, since: string, limit: number) => Promise<string[]>;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/**
 * Sliding windows over the messages already stored from each address, so the limit holds across
 * restarts and across server instances sharing one database. Called inside the transaction that stores
 * `batch`, so nothing is stored between the count and the insert, and a message counts the ones before
 * it in the batch. Returns, for each message in order, the seconds its sender must wait, or 0.
 */
export async function secondsToWait(
  batch: readonly { ip: string; received_at: string }[],
  limits: RateLimits,
  sentSince: SentSince,
  now = Date.now(),
): Promise<number[]> {
  const windows = (
    [
      [MINUTE_MS, limits.perMinute],
      [DAY_MS, limits.perDay],
    ] as const
  ).filter(([, limit]) => limit > 0);
  const sentBy = new Map<string, string[][]>();
  const waits: number[] = [];
  for (const { ip, received_at } of batch) {
    let sent = sentBy.get(ip);
    if (!sent) {
      sent = [];
      for (const [windowMs, limit] of windows) {
        sent.push(await sentSince(ip, new Date(now - windowMs).toISOString(), limit));
      }
      sentBy.set(ip, sent);
    }
    const wait = Math.max(
      0,
      ...windows.map(([windowMs, limit], index) => {
        const times = sent[index]!;
        if (times.length < limit) return 0;
        return Math.max(1, Math.ceil((Date.parse(times[0]!) + windowMs - now) / 1000));
      }),
    );
    waits.push(wait);
    if (wait === 0) for (const times of sent) times.push(received_at);
  }
  return waits;
}
