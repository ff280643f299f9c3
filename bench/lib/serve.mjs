// Starts a built server (or any Node script) on a free loopback port for a benchmark.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repo = fileURLToPath(new URL('../..', import.meta.url));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/** Runs `script` with HOST/PORT set and waits until it answers; `stop()` ends it. */
export async function serve(script, env = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-data-'));
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      await fetch(url);
      break;
    } catch {
      if (tries > 150) throw new Error(`${script} did not start`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
  return { url, port, dataDir, stop };
}

export const siteServer = (env) => serve(join(repo, 'apps/server/dist/server.js'), env);

/** An XSRF cookie and token pair, as a page load gives a visitor. */
export async function xsrf(url) {
  const response = await fetch(`${url}/api/csrf`);
  const cookie = response.headers.get('set-cookie').split(';')[0];
  const { token } = await response.json();
  return { cookie, token };
}
