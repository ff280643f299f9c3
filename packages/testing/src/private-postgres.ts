import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './ports.ts';

const run = promisify(execFile);
const BIN = process.env.POSTGRES_BIN ?? '/usr/lib/postgresql/15/bin';

export type PrivatePostgres = {
  /** postgres://site@127.0.0.1:<port>/postgres, trusted without a password (loopback only). */
  url: string;
  /** Shuts the server down (fast: sessions are ended, nothing committed is lost). */
  stop: () => Promise<void>;
  /** Starts it again on the same port and data. */
  start: () => Promise<void>;
  /** Stops it and removes its files. */
  destroy: () => Promise<void>;
};

/**
 * A PostgreSQL server of its own, in a temp folder on a free loopback port, for a test that stops and
 * starts the database (the shared test server must stay up for the others). PostgreSQL refuses to run as
 * root: as root, it runs as the `postgres` user Debian's package made.
 */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = mkdtempSync(join(tmpdir(), 'private-postgres-'));
  const asRoot = userInfo().uid === 0;
  let user: { uid: number; gid: number } | undefined;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: group } = await run('id', ['-g', 'postgres']);
    user = { uid: Number(stdout), gid: Number(group) };
    chownSync(dir, user.uid, user.gid);
  }
  const as = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(BIN, program), ...args])
      : run(join(BIN, program), args);
  const data = join(dir, 'data');
  const port = await freePort();
  await as('initdb', ['-D', data, '-U', 'site', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`;
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-l', join(dir, 'log'), '-w', '-o', options, 'start']);
  };
  const stop = async () => {
    await as('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://site@127.0.0.1:${port}/postgres`,
    stop,
    start,
    destroy: async () => {
      await stop().catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
