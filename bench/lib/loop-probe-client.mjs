// The bench's side of loop-probe.mjs: the settings that load the probe into a server, and its windows.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const probeModule = fileURLToPath(new URL('loop-probe.mjs', import.meta.url));

/** `settings` for startSiteServer with the probe loaded, writing its windows to `file`. */
export const probedSettings = (settings, file) => ({
  ...settings,
  NODE_OPTIONS: `--import ${probeModule}`,
  LOOP_PROBE_FILE: file,
});

/** Ends the probe's window in `server` (started with probedSettings) and starts the next: what it saw. */
export async function loopWindow(server) {
  const file = server.loopProbeFile;
  rmSync(file, { force: true });
  server.process.kill('SIGWINCH');
  while (!existsSync(file)) await new Promise((resolve) => setTimeout(resolve, 10));
  return JSON.parse(readFileSync(file, 'utf8'));
}
