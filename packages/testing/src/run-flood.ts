import { execFile } from 'node:child_process';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { FloodOptions, FloodResult } from './flood.ts';

const child = fileURLToPath(new URL('./flood-child.ts', import.meta.url));

/**
 * Runs `flood` in a child Node.js process at the lowest CPU priority and resolves with its result once
 * the flood is over. Real attackers bring their own CPUs; here the generator shares two cores with Caddy
 * and the servers, and at equal priority it would take a third of them.
 */
export function floodInChildProcess(options: FloodOptions): Promise<FloodResult> {
  return new Promise((resolve, reject) => {
    const process_ = execFile(
      process.execPath,
      [child, JSON.stringify(options)],
      { timeout: options.durationMs + 30_000 },
      (error, stdout) => (error ? reject(error) : resolve(JSON.parse(stdout) as FloodResult)),
    );
    setPriority(process_.pid!, 19);
  });
}
