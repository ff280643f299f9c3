import {
  chmodSync,
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { Db } from './database.js';

/** Thrown when a backup or restore cannot be done as asked; the message says why. */
export class BackupError extends Error {}

/**
 * Writes a consistent copy of the database to `file` while the server keeps writing: one read
 * transaction sees every message committed before it began (VACUUM INTO), and the copy is compact and
 * private (0600). Refuses to overwrite a file.
 */
export async function backupDatabase(db: Db, file: string): Promise<void> {
  const target = resolve(file);
  if (existsSync(target)) throw new BackupError(`${target} exists already: choose a new file name`);
  await sql`vacuum into ${target}`.execute(db);
  chmodSync(target, 0o600);
}

/**
 * Puts a backup in place as `<dataDir>/site.db`, for a data directory that has no database yet (a new
 * machine, or the old database moved away with the server stopped). The backup is checked first: an
 * SQLite file that passes its integrity check and holds the messages table.
 */
export function restoreDatabase(file: string, dataDir: string): { messages: number } {
  const source = resolve(file);
  const target = join(resolve(dataDir), 'site.db');
  if (!existsSync(source)) throw new BackupError(`${source} does not exist`);
  if (existsSync(target))
    throw new BackupError(
      `${target} exists already: stop the server and move the database (with any site.db-wal and site.db-shm) away first`,
    );
  let messages: number;
  try {
    const backup = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      const integrity = backup.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new BackupError(`${source} is damaged: ${String(integrity)}`);
      messages = (backup.prepare('select count(*) as n from messages').get() as { n: number }).n;
    } finally {
      backup.close();
    }
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${source} is not a backup of this site's database: ${(error as Error).message}`);
  }
  mkdirSync(resolve(dataDir), { recursive: true, mode: 0o700 });
  const partial = `${target}.restoring`;
  copyFileSync(source, partial);
  chmodSync(partial, 0o600);
  const handle = openSync(partial, 'r+');
  fsyncSync(handle);
  closeSync(handle);
  renameSync(partial, target);
  return { messages };
}
