import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../time.js';
import { type RateLimits, sendableAt, type SentSince } from './rate-limit.js';

const NOW = Date.parse('2026-11-28T12:00:00.000Z');
const MINUTE_MS = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

type Sent = { ip: string; received_at: string };

/** The stored messages as the repository reads them, counting the reads. */
function storedMessages(stored: readonly Sent[]) {
  const reads: string[] = [];
  const sentSince: SentSince = async (ip, since, limit) => {
    reads.push(ip);
    return stored
      .filter((message) => message.ip === ip && message.received_at > since)
      .map((message) => message.received_at)
      .sort()
      .slice(0, limit);
  };
  return { sentSince, reads };
}

/**
 * The rule, read off each window on its own: a message is admitted when each window holds fewer than its
 * limit of the address's stored messages and those admitted before it; otherwise its sender may send
 * again when the oldest of them leaves each full window.
 */
function byTheRule(stored: readonly Sent[], batch: readonly Sent[], limits: RateLimits): number[] {
  const admitted: Sent[] = [];
  return batch.map((message) => {
    const times = [...stored, ...admitted]
      .filter((other) => other.ip === message.ip)
      .map((other) => other.received_at)
      .sort();
    const windows = [
      [MINUTE_MS, limits.perMinute],
      [DAY_MS, limits.perDay],
    ] as const;
    const full = windows.flatMap(([windowMs, limit]) => {
      const inWindow = times.filter((time) => time > iso(NOW - windowMs)).slice(0, limit);
      return limit > 0 && inWindow.length === limit ? [Date.parse(inWindow[0]!) + windowMs] : [];
    });
    if (full.length === 0) admitted.push(message);
    return full.length === 0 ? 0 : Math.max(...full);
  });
}

const addresses = ['192.0.2.1', '192.0.2.2'];
const sent = fc.record({
  ip: fc.constantFrom(...addresses),
  received_at: fc.integer({ min: NOW - 2 * DAY_MS, max: NOW }).map(iso),
});

describe('the rate limit', () => {
  it('admits and refuses a group commit as the rule says, with both windows on or either off', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(sent, { maxLength: 40 }),
        fc.array(fc.record({ ip: fc.constantFrom(...addresses), received_at: fc.constant(iso(NOW)) }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.record({ perMinute: fc.integer({ min: 0, max: 4 }), perDay: fc.integer({ min: 0, max: 12 }) }),
        async (stored, batch, limits) => {
          const { sentSince } = storedMessages(stored);
          expect(await sendableAt(batch, limits, sentSince, NOW)).toEqual(byTheRule(stored, batch, limits));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it('reads an address once while it is under its daily limit', async () => {
    const stored = [{ ip: '192.0.2.1', received_at: iso(NOW - 1_000) }];
    const { sentSince, reads } = storedMessages(stored);
    const message = { ip: '192.0.2.1', received_at: iso(NOW) };
    expect(await sendableAt([message], { perMinute: 5, perDay: 50 }, sentSince, NOW)).toEqual([0]);
    expect(reads).toEqual(['192.0.2.1']);
  });
});
