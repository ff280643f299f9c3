import { runCli } from '../cli/run-cli.js';
import { readEnv } from '../env.js';

/** `npm run messages -- ...argv` on the data directory `dataDir`, in-process: exit code and output. */
export async function operatorCli(dataDir: string, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, readEnv({ DATA_DIR: dataDir }), {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}
