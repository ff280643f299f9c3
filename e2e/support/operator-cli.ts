import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { repo } from './web-build';

const run = promisify(execFile);

/** `npm run messages -- ...` as an operator types it, with the given settings; never throws. */
export async function operatorCommand(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run('npm', ['run', '--silent', 'messages', '--', ...args], {
      cwd: repo,
      env: { ...process.env, ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
