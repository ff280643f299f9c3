import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { TrainedAs } from '../db/types.js';
import { type TrainingState, trainingStateOf } from './token-repository.js';

/** The stored copies of a text a verdict reads: the senders of the newest `limit` since `since`. */
export type CopiesToRead = { fingerprint: string; since: string; limit: number };

/** What a verdict read: the model's state, and the senders of the copies asked for, newest first. */
export type VerdictRead = { state: TrainingState; senders: string[] };

type Row = {
  kind: TrainedAs | null;
  messages: number | string | null;
  changes: number | string | null;
  email: string | null;
  received_at: string | null;
};

/**
 * What the filter reads from the database for each verdict, in one statement and so one round trip
 * (decision 054): the model's state, whose version says whether the counts in memory are current
 * (decision 041), and, when the repetition signal asks, the senders of a text's newest copies
 * (`messages_fingerprint` finds them). Both databases read the same SQL.
 */
export function verdictReadRepository(db: Db) {
  return {
    async read(copies?: CopiesToRead): Promise<VerdictRead> {
      const newest = copies
        ? sql`
          union all
          select null, null, null, email, received_at from (
            select email, received_at from messages
            where text_fingerprint = ${copies.fingerprint} and received_at >= ${copies.since}
            order by received_at desc limit ${copies.limit}
          ) as newest`
        : sql``;
      const { rows } = await sql<Row>`
        select kind, messages, changes, null as email, null as received_at from spam_training
        ${newest}`.execute(db);
      const senders = rows
        .filter((row): row is Row & { email: string; received_at: string } => row.email !== null)
        .sort((a, b) => (a.received_at < b.received_at ? 1 : a.received_at > b.received_at ? -1 : 0))
        .map((row) => row.email);
      return { state: trainingStateOf(rows.filter((row) => row.kind !== null)), senders };
    },
  };
}
