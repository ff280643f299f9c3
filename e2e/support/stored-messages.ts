import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { inject } from 'vitest';
import type { MessageRow as StoredMessage } from '../../apps/server/src/db/types';

/** Reads the messages a server stored (by default the suite's), straight from its SQLite file. */
export function storedMessagesFrom(email: string, dataDir = inject('dataDir')): StoredMessage[] {
  const db = new SQLite(join(dataDir, 'site.db'), { readonly: true });
  try {
    return db.prepare('select * from messages where email = ? order by seq').all(email) as StoredMessage[];
  } finally {
    db.close();
  }
}
