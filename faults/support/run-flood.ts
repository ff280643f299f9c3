import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FloodOptions, FloodResult } from './flood.ts';

const child = fileURLToPath(new URL('./flood-child.ts', import.meta.url));

/** Runs `flood` in a child Node.js process and resolves with its result once the flood is over. */
export async function floodInChildProcess(options: FloodOptions): Promise<FloodResult> {
  const { stdout } = await promisify(execFile)(process.execPath, [child, JSON.stringify(options)], {
    timeout: options.durationMs + 30_000,
  });
  return JSON.parse(stdout) as FloodResult;
}
