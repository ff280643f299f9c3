import { runCli } from '../cli/run-cli.js';
import { readEnv } from '../env.js';
import type { TestStorage } from './test-storage.js';

/** `npm run messages -- ...argv` on the test's database, in-process: exit code and output. */
export async function operatorCli(storage: Pick<TestStorage, 'settings'>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, readEnv(storage.settings), {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
