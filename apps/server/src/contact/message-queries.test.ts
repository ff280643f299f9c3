import { describe, expect, it } from 'vitest';
import { openTestDatabase, storeMessage } from '../test/test-database.js';
import { messageQueries } from './message-queries.js';

describe('messageQueries', () => {
  it('exportable leaves out messages received before `since`, oldest first', async () => {
    const db = await openTestDatabase();
    await storeMessage(db, { email: 'old@example.com', received_at: '2025-12-31T23:59:59.999Z' });
    await storeMessage(db, { email: 'new@example.com', received_at: '2026-01-01T00:00:00.000Z' });
    const emails = async (since?: string) =>
      (await messageQueries(db).exportable(since)).map((row) => row.email);
    expect(await emails()).toEqual(['old@example.com', 'new@example.com']);
    expect(await emails('2026-01-01T00:00:00.000Z')).toEqual(['new@example.com']);
  });
});
