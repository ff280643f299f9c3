// The one runner of the operator commands as processes, for the browser tests, the fault tests and the
// benchmarks (the server's own tests run the same commands in-process, on its source). Node runs this
// file as it is (type stripping) for the benchmarks, so it holds only erasable TypeScript.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repo } from './server-process.ts';

/** What a command printed, and its exit code (0, 1 for a refusal, 2 for a usage error). */
export type CommandResult = { code: number; stdout: string; stderr: string };

/**
 * The package.json `messages` script (`node apps/server/dist/cli/messages.js`), read rather than copied:
 * the process `npm run messages -- ...` starts, without npm's own start-up in front of it.
 */
function messagesScript(): string[] {
  const { scripts } = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const [program, ...args] = scripts.messages!.split(/\s+/);
  if (program !== 'node')
    throw new Error(`the messages script no longer starts with node: ${scripts.messages}`);
  return args.map((arg) => join(repo, arg));
}

/**
 * `npm run messages -- ...args` as an operator types it, on the server's settings `env` (DATA_DIR,
 * DATABASE_URL, SITE_URL ...) over this process's environment. Never throws: a failed command is its code.
 */
export function messagesCommand(env: Record<string, string>, ...args: string[]): Promise<CommandResult> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [...messagesScript(), ...args],
      { cwd: repo, env: { ...process.env, ...env }, maxBuffer: 256 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve({ code: 0, stdout, stderr });
        // A command that ran has its exit code; one that could not start (ENOENT) counts as failed.
        const code = typeof error.code === 'number' ? error.code : 1;
        resolve({ code, stdout, stderr: stderr || error.message });
      },
    );
  });
}

/** The same, for a command that must succeed: its output, or an error with what it printed. */
export async function messagesCommandOk(env: Record<string, string>, ...args: string[]) {
  const result = await messagesCommand(env, ...args);
  if (result.code !== 0)
    throw new Error(`messages ${args.join(' ')} exited with ${result.code}:\n${result.stderr}`);
  return result;
}
