import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';

// Another process, as an operator command would be: takes the write lock, holds it, then commits.
const holder = `
const SQLite = require('better-sqlite3');
const db = new SQLite(process.argv[1]);
db.exec('BEGIN IMMEDIATE');
process.stdout.write('locked\\n');
setTimeout(() => { db.exec('COMMIT'); db.close(); }, Number(process.argv[2]));
`;

/** Resolves once another process holds the write lock of `dataDir`'s database, for `holdMs`. */
export async function holdWriteLock(dataDir: string, holdMs: number) {
  const child = spawn(process.execPath, ['-e', holder, join(dataDir, 'site.db'), String(holdMs)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const released = once(child, 'exit');
  await once(child.stdout, 'data');
  return { released };
}
