import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port.js';

const serverEntry = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url));

export type RunningServer = {
  url: string;
  process: ChildProcess;
  /** What the server has logged to stdout so far (it is also passed through). */
  output: () => string;
  stop: () => Promise<void>;
};

/** Starts the built server (apps/server/dist) as its own process, as `npm start` does. */
export async function startSiteServer(
  env: Record<string, string> = {},
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  // SITE_URL is the server's own origin, the one its same-origin checks compare with.
  const child = spawn(process.execPath, [serverEntry], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SITE_URL: url, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      await fetch(url);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error('server did not start within 15 s');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, process: child, output: () => output, stop };
}
