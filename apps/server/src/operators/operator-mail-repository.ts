import type { Db } from '../db/database.js';
import type { OperatorMailKind } from '../db/types.js';
import { claimDue, failureChanges, type Outcome, pendingRow } from '../queue/leased-queue-repository.js';

/** What a queued mail to an operator tells, by kind. */
export type OperatorMailDetails = {
  'sign-in-link': Record<string, never>;
  'passkey-added': { passkey: string; at: string; browser: string; ip: string };
  'passkey-flagged': { passkey: string; at: string };
};

export type QueuedOperatorMail = {
  [Kind in OperatorMailKind]: {
    seq: number;
    attempts: number;
    operatorId: number;
    kind: Kind;
    details: OperatorMailDetails[Kind];
  };
}[OperatorMailKind];

/** The queue of mails to operators: claimed and leased like the outbox (decision 007); a sent one is deleted. */
export function operatorMailRepository(db: Db) {
  return {
    async enqueue<Kind extends OperatorMailKind>(
      operatorId: number,
      kind: Kind,
      details: OperatorMailDetails[Kind],
      now = new Date().toISOString(),
    ) {
      await db
        .insertInto('operator_mails')
        .values({
          operator_id: operatorId,
          kind,
          details: JSON.stringify(details),
          ...pendingRow(now),
        })
        .execute();
    },

    /** Whether any mail is due: one indexed read, no transaction. */
    async anyDue(now: Date): Promise<boolean> {
      const row = await db
        .selectFrom('operator_mails')
        .select('seq')
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now.toISOString())
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    async claim(now: Date, leaseMs: number, limit: number): Promise<QueuedOperatorMail[]> {
      return claimDue(db, 'operator_mails', { now, leaseMs, limit }, async (trx, seqs) => {
        const due = await trx
          .selectFrom('operator_mails')
          .select(['seq', 'attempts', 'operator_id', 'kind', 'details'])
          .where('seq', 'in', seqs)
          .orderBy('seq')
          .execute();
        return due.map(
          (row) =>
            ({
              seq: row.seq,
              attempts: row.attempts,
              operatorId: row.operator_id,
              kind: row.kind,
              details: JSON.parse(row.details),
            }) as QueuedOperatorMail,
        );
      });
    },

    /** Sent: the row goes (it may hold an address and a browser). Failed: retried later, or kept as failed. */
    async record(seq: number, outcome: Outcome) {
      if (!('error' in outcome)) {
        await db.deleteFrom('operator_mails').where('seq', '=', seq).execute();
        return;
      }
      await db.updateTable('operator_mails').set(failureChanges(outcome)).where('seq', '=', seq).execute();
    },
  };
}
