import type { ChildProcess } from 'node:child_process';

/** Ends `child` with SIGKILL (no handler runs, as in a power cut or the OOM killer) once it has exited. */
export function hardKill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}
