import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { messagesCommand } from '@site/testing/messages-command';
import { createTestDir, startTestSiteServer } from '@site/testing/per-test';
import { serverWithNotified } from './support/notified-server';

const modeOf = (path: string) => `0${(statSync(path).mode & 0o777).toString(8)}`;

/** The mode of DATA_DIR and of everything in it, by path relative to it. */
function modes(dataDir: string): Record<string, string> {
  const entries = readdirSync(dataDir, { recursive: true, encoding: 'utf8' });
  return Object.fromEntries([
    ['.', modeOf(dataDir)],
    ...entries.sort().map((path) => [path, modeOf(join(dataDir, path))]),
  ]);
}

/** The processes start from the umask most systems give a login shell, so only our own modes count. */
function usualUmask() {
  const previous = process.umask(0o022);
  onTestFinished(() => void process.umask(previous));
}

/** A server process on `dataDir` that has stored and notified one message. */
const serveOneMessage = (dataDir: string) =>
  serverWithNotified(dataDir, [
    { name: 'Mode Tester', email: 'modes@example.com', subject: 'Modes', message: 'Private?' },
  ]);

const mailFile = (dataDir: string) => join('mail', readdirSync(join(dataDir, 'mail'))[0]!);

/** The modes of what the server keeps in DATA_DIR, its folder `top` (its own when it made it). */
const serverFiles = (dataDir: string, top: string) => ({
  '.': top,
  'app-secret': '0600',
  mail: '0700',
  [mailFile(dataDir)]: '0600',
  'site.db': '0600',
  'site.db-shm': '0600',
  'site.db-wal': '0600',
});

describe('DATA_DIR is private to the user the server runs as', () => {
  it('the server creates the folders 0700 and every file 0600', async () => {
    usualUmask();
    const dataDir = join(createTestDir('modes-'), 'data');
    await serveOneMessage(dataDir);
    const measured = modes(dataDir);
    console.log('server, new DATA_DIR:', measured);
    expect(measured).toEqual(serverFiles(dataDir, '0700'));
  });

  it('the operator CLI, run first, creates them the same way', async () => {
    usualUmask();
    const dataDir = join(createTestDir('modes-'), 'data');
    expect((await messagesCommand({ DATA_DIR: dataDir }, 'list')).code).toBe(0);
    const measured = modes(dataDir);
    console.log('CLI, new DATA_DIR:', measured);
    expect(measured).toEqual({ '.': '0700', 'site.db': '0600' });
  });

  it('an existing DATA_DIR open to others: the files in it are tightened, and the server warns about the folder', async () => {
    usualUmask();
    const dataDir = join(createTestDir('modes-'), 'data');
    await (await serveOneMessage(dataDir)).stop();
    // As an earlier version, or a careless copy, left them.
    mkdirSync(join(dataDir, 'mail'), { recursive: true });
    chmodSync(dataDir, 0o755);
    chmodSync(join(dataDir, 'mail'), 0o755);
    for (const file of ['app-secret', 'site.db', mailFile(dataDir)]) chmodSync(join(dataDir, file), 0o644);

    const server = await startTestSiteServer({ DATA_DIR: dataDir });
    const measured = modes(dataDir);
    console.log('server, existing DATA_DIR 0755 with 0644 files:', measured);
    expect(measured).toEqual(serverFiles(dataDir, '0755'));
    expect(server.output()).toContain('DATA_DIR is open to other users');
  });
});
