import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { openDatabase } from './database.js';

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
    const migrations = await dbs[0]!
      .selectFrom('kysely_migration' as never)
      .selectAll()
      .execute();
    expect(migrations).toHaveLength(6);
  });
});
