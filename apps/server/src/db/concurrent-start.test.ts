import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it, onTestFinished } from 'vitest';
import { holdWriteLock } from '../test/lock-holder.js';
import { openDatabase } from './database.js';
import { migrationNames } from './migrate.js';

describe('servers starting together on a new SQLite data directory', () => {
  it('all open it, and the schema is created once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const opened = await Promise.allSettled(
      Array.from({ length: 4 }, () => openDatabase({ dataDir, lockTimeoutMs: 5_000 })),
    );
    const dbs = opened.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    onTestFinished(async () => {
      for (const db of dbs) await db.destroy();
    });
    expect(opened.map((result) => result.status)).toEqual(Array(4).fill('fulfilled'));
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(
      dbs[0]!,
    );
    expect(rows.map((row) => row.name)).toEqual(migrationNames);
  });
});

describe('a server starting while another process holds the new SQLite file', () => {
  it('waits for the lock to switch the file to WAL, instead of failing to start', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    // As a second instance finds it while the first, descheduled on a busy machine, sets up the file.
    const lock = await holdWriteLock(dataDir, 300);
    const started = performance.now();
    const db = await openDatabase({ dataDir, lockTimeoutMs: 5_000 });
    onTestFinished(() => db.destroy());
    expect(performance.now() - started).toBeGreaterThan(200);
    await lock.released;
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db);
    expect(rows).toEqual([{ journal_mode: 'wal' }]);
  });
});
