import { describe, expect, it } from 'vitest';
import { openTestDatabase, storeMessage } from '../test/test-database.js';
import { outboxRepository } from './outbox-repository.js';

describe('outboxRepository', () => {
  it('retryFailed with a message id queues only that notification again, from the start', async () => {
    const db = await openTestDatabase();
    const first = await storeMessage(db);
    const second = await storeMessage(db);
    const outbox = outboxRepository(db);
    const due = await outbox.due('2026-01-01T00:00:00.000Z');
    await outbox.record(
      due.map(({ seq }) => ({ seq, attempts: 5, error: 'mailbox full', nextAttemptAt: null })),
    );

    expect(await outbox.retryFailed(second.id, '2026-02-01T00:00:00.000Z')).toBe(1);
    expect(await outbox.countByStatus()).toEqual({ pending: 1, failed: 1, sent: 0 });
    expect((await outbox.failed()).map((row) => row.message_id)).toEqual([first.id]);
    expect(await outbox.due('2026-01-31T23:59:59.999Z')).toEqual([]);
    expect(await outbox.due('2026-02-01T00:00:00.000Z')).toMatchObject([{ id: second.id, attempts: 0 }]);
  });
});
