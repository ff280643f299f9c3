import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readRows } from '../test/stored-rows.js';
import { backUpUnderLoad } from '../test/back-up-under-load.js';
import { sendMessage } from '../test/send-message.js';
import { messagesInProcess } from '../test/messages-in-process.js';
import { buildTestApp } from '../test/test-app.js';
import { sqliteStorage } from '../test/test-storage.js';

let app: FastifyInstance | undefined;

const newDir = (prefix: string) => mkdtempSync(join(tmpdir(), prefix));

describe('backup and restore', () => {
  it('a backup taken while messages keep arriving restores, in an empty data directory, every message acknowledged before it', async () => {
    const built = await buildTestApp({ CONTACT_RATE_PER_MINUTE: '10000', CONTACT_RATE_PER_DAY: '10000' });
    app = built.app;
    const file = join(newDir('backup-'), 'site-backup.db');
    const {
      before,
      sentDuring,
      result: backup,
    } = await backUpUnderLoad(app, () => messagesInProcess(built.storage, 'backup', file));
    expect(backup).toMatchObject({ code: 0, out: `backup written to ${file}` });
    expect(sentDuring).toBeGreaterThan(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);

    const restoredDir = join(newDir('restored-'), 'data');
    const restore = await messagesInProcess(sqliteStorage(restoredDir), 'restore', file);
    expect(restore.code).toBe(0);
    expect(restore.out).toMatch(/^restored \d+ message\(s\) from /);
    expect(statSync(join(restoredDir, 'site.db')).mode & 0o777).toBe(0o600);
    const restoredIds = new Set(
      (await readRows(sqliteStorage(restoredDir), 'select id from messages')).map((row) => row.id),
    );
    expect(before.filter((id) => !restoredIds.has(id))).toEqual([]);
    // The restored directory is a working data directory: the operator commands read it.
    const list = await messagesInProcess(sqliteStorage(restoredDir), 'list');
    expect(list.code).toBe(0);
    expect(list.out).toContain('Message 99');
  });

  it('refuses to overwrite a file, to restore over a database, or to restore what is not a backup', async () => {
    const built = await buildTestApp();
    app = built.app;
    expect((await sendMessage(app)).statusCode).toBe(201);
    const file = join(newDir('backup-'), 'site-backup.db');
    expect((await messagesInProcess(built.storage, 'backup', file)).code).toBe(0);
    const again = await messagesInProcess(built.storage, 'backup', file);
    expect(again.code).toBe(1);
    expect(again.err).toContain('exists already');

    const overExisting = await messagesInProcess(built.storage, 'restore', file);
    expect(overExisting.code).toBe(1);
    expect(overExisting.err).toContain('move the database');
    expect(await readRows(built.storage, 'select count(*) as n from messages')).toEqual([{ n: 1 }]);

    const notABackup = join(newDir('junk-'), 'notes.txt');
    writeFileSync(notABackup, 'not a database');
    const junk = await messagesInProcess(
      sqliteStorage(join(newDir('empty-'), 'data')),
      'restore',
      notABackup,
    );
    expect(junk.code).toBe(1);
    expect(junk.err).toContain('not a backup');
    expect((await messagesInProcess(built.storage, 'backup')).code).toBe(2);
  });

  it('restore points to pg_dump and pg_restore when the messages are in PostgreSQL', async () => {
    const dataDir = join(newDir('empty-'), 'data');
    const postgres = { settings: { DATA_DIR: dataDir, DATABASE_URL: 'postgres://site@127.0.0.1:1/site' } };
    const restore = await messagesInProcess(postgres, 'restore', join(dataDir, 'backup.db'));
    expect(restore.code).toBe(1);
    expect(restore.err).toContain('Back it up with pg_dump and restore with pg_restore');
  });
});
