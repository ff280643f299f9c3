import { execFile } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestPostgresDatabase } from '@site/testing/per-test';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messagesInProcess } from '../test/messages-in-process.js';
import { backUpUnderLoad } from '../test/back-up-under-load.js';
import { buildTestApp } from '../test/test-app.js';
import { openStorageDatabase, storeMessage } from '../test/test-database.js';
import { inboxRepository } from '../inbox/inbox-repository.js';
import { TEST_DATABASE_PREFIX } from '../test/test-storage.js';

const run = promisify(execFile);

let app: FastifyInstance | undefined;

// The README's PostgreSQL backup, word for word: pg_dump while visitors write, pg_restore into a new database.
describe('backup and restore on PostgreSQL', () => {
  it('pg_dump taken while messages keep arriving restores every message acknowledged before it', async () => {
    const built = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '10000', CONTACT_RATE_PER_DAY: '10000' });
    app = built.app;
    const file = join(mkdtempSync(join(tmpdir(), 'pg-backup-')), 'site.dump');
    const { before, sentDuring } = await backUpUnderLoad(app, () =>
      run('pg_dump', ['--format=custom', `--file=${file}`, built.storage.settings.DATABASE_URL!]),
    );
    expect(sentDuring).toBeGreaterThan(0);

    const restored = await createTestPostgresDatabase(TEST_DATABASE_PREFIX);
    await run('pg_restore', ['--no-owner', `--dbname=${restored.url}`, file]);
    const exported = await messagesInProcess(
      { settings: { DATA_DIR: built.dataDir, DATABASE_URL: restored.url } },
      'export',
      '--format',
      'json',
    );
    const restoredIds = new Set((JSON.parse(exported.out) as { id: string }[]).map((row) => row.id));
    expect(before.filter((id) => !restoredIds.has(id))).toEqual([]);

    // The search tables and the triggers that keep them came back too.
    const db = await openStorageDatabase({
      dataDir: built.dataDir,
      settings: { DATABASE_URL: restored.url },
    });
    const found = async (search: string) =>
      (await inboxRepository(db).list({ spam: false, search }, { limit: 500 })).map((row) => row.subject);
    expect(await found('message 42')).toContain('Message 42');
    await storeMessage(db, { subject: 'After the restore' });
    expect(await found('after restore')).toEqual(['After the restore']);
  });
});
