import { describe, expect, it } from 'vitest';
import { openTestDatabase, storeMessage } from '../test/test-database.js';
import { outboxRepository } from './outbox-repository.js';

const at = (iso: string) => new Date(iso);
const LEASE_MS = 60_000;

describe('outboxRepository', () => {
  it('retryFailed with a message id queues only that notification again, from the start', async () => {
    const db = await openTestDatabase();
    const first = await storeMessage(db);
    const second = await storeMessage(db);
    const outbox = outboxRepository(db);
    for (const { seq } of await outbox.claim(at('2026-01-01T00:00:00.000Z'), LEASE_MS, 50))
      await outbox.record(seq, { attempts: 5, error: 'mailbox full', nextAttemptAt: null });

    expect(await outbox.retryFailed(second.id, '2026-02-01T00:00:00.000Z')).toBe(1);
    expect(await outbox.countByStatus()).toEqual({ pending: 1, failed: 1, sent: 0 });
    expect((await outbox.failed()).map((row) => row.message_id)).toEqual([first.id]);
    expect(await outbox.claim(at('2026-01-31T23:59:59.999Z'), LEASE_MS, 50)).toEqual([]);
    expect(await outbox.claim(at('2026-02-01T00:00:00.000Z'), LEASE_MS, 50)).toMatchObject([
      { id: second.id, attempts: 0 },
    ]);
  });

  it('gives a claimed mail to nobody else until its lease ends, then to the next claimant', async () => {
    const db = await openTestDatabase();
    const message = await storeMessage(db, { received_at: '2026-01-01T00:00:00.000Z' });
    const outbox = outboxRepository(db);

    expect(await outbox.claim(at('2026-01-01T00:00:01.000Z'), LEASE_MS, 50)).toMatchObject([
      { id: message.id },
    ]);
    expect(await outbox.claim(at('2026-01-01T00:00:02.000Z'), LEASE_MS, 50)).toEqual([]);
    expect(await outbox.claim(at('2026-01-01T00:01:01.000Z'), LEASE_MS, 50)).toMatchObject([
      { id: message.id },
    ]);
  });

  it('hands each due mail to exactly one of many claims made at once', async () => {
    const db = await openTestDatabase();
    for (let index = 0; index < 40; index++) await storeMessage(db);
    const outbox = outboxRepository(db);
    const now = at('2026-01-01T00:00:01.000Z');

    const claims = await Promise.all(Array.from({ length: 8 }, () => outbox.claim(now, LEASE_MS, 7)));
    const seqs = claims.flat().map((row) => row.seq);
    expect(seqs).toHaveLength(40);
    expect(new Set(seqs).size).toBe(40);
  });
});
