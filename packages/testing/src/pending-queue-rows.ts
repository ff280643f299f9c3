import { type DatabasePlace, databaseRows } from './database-rows.ts';

/**
 * How many rows of the queue `tables` (outbox, replies, webhook_deliveries...) are pending: mails or
 * webhooks not yet delivered or given up. A test that waits for none has seen everything queued so far
 * go out (or not), without a fixed pause.
 */
export async function pendingQueueRows(place: DatabasePlace, tables: readonly string[]): Promise<number> {
  let pending = 0;
  for (const table of tables) {
    const [row] = await databaseRows(
      place,
      `select count(*) as n from ${table} where status = 'pending'`,
      [],
      {
        readonly: true,
      },
    );
    pending += Number(row!.n);
  }
  return pending;
}
