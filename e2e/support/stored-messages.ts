import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { inject } from 'vitest';

export type StoredMessage = {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  marketing_consent: number;
  spam: number;
};

/** Reads the messages the e2e server stored, straight from its SQLite file. */
export function storedMessagesFrom(email: string): StoredMessage[] {
  const db = new SQLite(join(inject('dataDir'), 'site.db'), { readonly: true });
  try {
    return db.prepare('select * from messages where email = ? order by seq').all(email) as StoredMessage[];
  } finally {
    db.close();
  }
}
