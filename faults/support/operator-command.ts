import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repo } from '@site/testing/server-process';
import type { Storage } from './storage.ts';

const run = promisify(execFile);
const cli = join(repo, 'apps/server/dist/cli/messages.js');

/** An operator command (`npm run messages -- ...`) on the storage the servers use; throws if it fails. */
export async function operatorCommand(storage: Storage, ...args: string[]) {
  const { stdout, stderr } = await run(process.execPath, [cli, ...args], {
    cwd: repo,
    env: { ...process.env, ...storage.env },
    maxBuffer: 256 * 1024 * 1024,
  });
  return { stdout, stderr };
}
