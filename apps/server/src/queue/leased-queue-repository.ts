import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import { storableText } from './storable-text.js';

/** The tables of mails the mail worker delivers, and the webhook deliveries: each row with its own delivery state. */
export type QueueTable =
  'outbox' | 'operator_mails' | 'replies' | 'spam_digests' | 'analytics_weekly_mails' | 'webhook_deliveries';

/**
 * Takes up to `limit` pending mails of `table` whose time has come, longest due first, for this instance
 * alone: their next attempt moves `leaseMs` past `now`, so no other instance takes them until then, and
 * another does once it passes (this one died before recording an outcome). PostgreSQL skips rows another
 * instance is claiming at the same moment; SQLite's writers take turns anyway. Their seqs, in that order.
 */
async function leaseDue(
  trx: Db,
  table: QueueTable,
  now: Date,
  leaseMs: number,
  limit: number,
): Promise<number[]> {
  // The columns are the same in every queue table; Kysely is told one of them.
  const queue = table as 'replies';
  const due = await trx
    .selectFrom(queue)
    .select('seq')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now.toISOString())
    // The order of each table's (status, next_attempt_at) index and its rowid: the first few rows of the
    // index, where ordering by seq alone sorted every due row at each claim (1.2 ms each with a backlog
    // of some 10,000 mails, on SQLite's one connection, which the requests wait for).
    .orderBy('next_attempt_at')
    .orderBy('seq')
    .limit(limit)
    .$if(databaseKind(trx) === 'postgres', (query) => query.forUpdate().skipLocked())
    .execute();
  const seqs = due.map((row) => row.seq);
  if (seqs.length > 0)
    await trx
      .updateTable(queue)
      .set({ next_attempt_at: new Date(now.getTime() + leaseMs).toISOString() })
      .where('seq', 'in', seqs)
      .execute();
  return seqs;
}

/**
 * Leases up to `limit` due rows of `table` (leaseDue) and reads them with `read`, in one transaction:
 * the claim of every queue, which keeps only what it reads of its rows.
 */
export function claimDue<Row>(
  db: Db,
  table: QueueTable,
  { now, leaseMs, limit }: { now: Date; leaseMs: number; limit: number },
  read: (trx: Db, seqs: number[]) => Promise<Row[]>,
): Promise<Row[]> {
  return db.transaction().execute(async (trx) => {
    const seqs = await leaseDue(trx, table, now, leaseMs, limit);
    return seqs.length === 0 ? [] : read(trx, seqs);
  });
}

/** A new row of any queue, due at `at` (and queued then). */
export const pendingRow = (at: string) => ({
  status: 'pending' as const,
  next_attempt_at: at,
  last_error: null,
  created_at: at,
});

/** How one attempt at a queued row ended: sent, or failed and retried at `nextAttemptAt` (null: given up). */
export type Outcome =
  { attempts: number; sentAt: string } | { attempts: number; error: string; nextAttemptAt: string | null };

/** A failed attempt's outcome. */
export type Failure = Extract<Outcome, { error: string }>;

/** What a failed attempt changes in a queued row: retried later, or given up. */
export const failureChanges = (outcome: Failure) => ({
  attempts: outcome.attempts,
  last_error: storableText(outcome.error, 1000),
  ...(outcome.nextAttemptAt ? { next_attempt_at: outcome.nextAttemptAt } : { status: 'failed' as const }),
});

/** What one attempt's outcome changes in a queued row that keeps its sent ones: sent then, retried later, or given up. */
export const outcomeChanges = (outcome: Outcome) =>
  'error' in outcome
    ? failureChanges(outcome)
    : { status: 'sent' as const, attempts: outcome.attempts, last_error: null, sent_at: outcome.sentAt };
