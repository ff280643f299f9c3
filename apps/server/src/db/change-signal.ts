import { sql } from 'kysely';
import type { Db } from './database.js';
import { databaseKind } from './dialect.js';
import { listenerOf } from './postgres.js';

/**
 * After this instance announced a change, how long it reads for itself anyway: its own notification
 * may still be on its way when the change commits, and the next read must see it.
 */
const OWN_CHANGE_MS = 15_000;
/**
 * How long a look is trusted at most: a connection cut without a word (a network gone quiet) is noticed
 * only when TCP gives up, and meanwhile nothing is heard.
 */
const TRUST_MS = 5_000;

export type ChangeSignal = {
  /** Whether what was read before may be stale; a call that says so starts a new look. */
  mayHaveChanged(): boolean;
  /** Announces a change in the transaction `trx`: every instance hears it once it commits. */
  announce(trx: Db): Promise<void>;
};

const signals = new WeakMap<Db, Map<string, ChangeSignal>>();

/**
 * Whether something on `channel` changed since it was last read, so what rarely changes need not be read
 * for every request. On PostgreSQL every instance LISTENs, and a change NOTIFYs at commit; while nothing
 * listens (SQLite, whose command line is another process, or the listening connection down), it may
 * always have changed and is read each time; and at least every few seconds all the same.
 */
export function changeSignal(db: Db, channel: string): ChangeSignal {
  const ofDb = signals.get(db) ?? new Map<string, ChangeSignal>();
  signals.set(db, ofDb);
  const known = ofDb.get(channel);
  if (known) return known;
  let listening = false;
  let changed = true;
  let ownUntil = 0;
  let lookedAt = 0;
  let watching = false;
  /** Listens from the first read on: a process that only makes changes (the command line) needs none. */
  const watch = () => {
    watching = true;
    void listenerOf(db)?.watch(channel, {
      notified: () => {
        changed = true;
      },
      listening: (now) => {
        listening = now;
        changed = true;
      },
    });
  };
  const signal: ChangeSignal = {
    mayHaveChanged() {
      if (!watching) watch();
      const now = Date.now();
      const stale = changed || !listening || now < ownUntil || now - lookedAt >= TRUST_MS;
      changed = false;
      if (stale) lookedAt = now;
      return stale;
    },
    async announce(trx) {
      ownUntil = Date.now() + OWN_CHANGE_MS;
      if (databaseKind(trx) === 'postgres') await sql`select pg_notify(${channel}, '')`.execute(trx);
    },
  };
  ofDb.set(channel, signal);
  return signal;
}
