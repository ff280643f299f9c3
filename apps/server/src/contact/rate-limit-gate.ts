import { isLimited, type RateLimits, secondsUntil, sendableAt, type SentSince } from './rate-limit.js';

/**
 * How long an instance trusts a refusal it read: messages deleted meanwhile (an operator's, an erasure)
 * free their sender at most this late.
 */
const TRUST_MS = 60_000;
/** The refused addresses remembered at most (the oldest is forgotten first, and read again if it sends). */
const MAX_REMEMBERED = 10_000;

type Refusal = { until: number; trustedUntil: number };

/**
 * The rate limit checked before a message is judged, so that a sender over its limit costs this check
 * and nothing more: the spam filter never reads its message (decision 039). Each address's messages go
 * through the check, the judgement and the commit one at a time on each instance, in the order they
 * came, so that a burst from one address is judged no more often than the limit stores. An address found
 * over its limit is remembered until it may send again, so a flood from it costs no query either. The
 * check reads the stored messages outside the commit's transaction: the count in that transaction
 * (message-repository.ts) still decides, across instances.
 */
export function rateLimitGate(limits: RateLimits, sentSince: SentSince) {
  const limited = isLimited(limits);
  /** Per address: the last of its messages in progress on this instance. */
  const turns = new Map<string, Promise<unknown>>();
  const refusals = new Map<string, Refusal>();

  function remember(ip: string, until: number, now: number) {
    refusals.delete(ip);
    refusals.set(ip, { until, trustedUntil: now + TRUST_MS });
    if (refusals.size > MAX_REMEMBERED) refusals.delete(refusals.keys().next().value!);
  }

  return {
    /** Runs `work` for a message from `ip` once the earlier ones from that address have been decided. */
    inTurn<T>(ip: string, work: () => Promise<T>): Promise<T> {
      if (!limited) return work();
      const before = turns.get(ip);
      const mine = before ? before.then(work, work) : work();
      turns.set(ip, mine);
      const forget = () => {
        if (turns.get(ip) === mine) turns.delete(ip);
      };
      mine.then(forget, forget);
      return mine;
    },

    /** The seconds `ip` must wait before it may send, or 0: from memory, or else the stored messages. */
    async secondsToWait(ip: string, now: number): Promise<number> {
      if (!limited) return 0;
      const known = refusals.get(ip);
      if (known && now < Math.min(known.until, known.trustedUntil)) return secondsUntil(known.until, now);
      const message = { ip, received_at: new Date(now).toISOString() };
      const until = (await sendableAt([message], limits, sentSince, now))[0]!;
      if (until === 0) {
        refusals.delete(ip);
        return 0;
      }
      remember(ip, until, now);
      return secondsUntil(until, now);
    },
  };
}

export type RateLimitGate = ReturnType<typeof rateLimitGate>;
