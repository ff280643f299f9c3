import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LIVENESS_PATH } from '@site/api-contract';
import { freePort } from './ports.ts';

export const repo = fileURLToPath(new URL('../../..', import.meta.url));
const siteServerEntry = join(repo, 'apps/server/dist/server.js');
const START_TIMEOUT_MS = 30_000;

export type RunningServer = {
  url: string;
  port: number;
  /** Its DATA_DIR: the one given, or a fresh folder of its own. */
  dataDir: string;
  process: ChildProcess;
  /** What the server has logged to stdout so far (it is also passed through). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * Runs a Node script that serves HTTP on HOST and PORT (loopback, a free port unless `port` is given),
 * with LOG_LEVEL warn and a fresh DATA_DIR unless `env` says otherwise, and waits until it answers,
 * asked at the site's liveness path: a page asked for would be counted by the site's analytics as a
 * bot's visit, a second later, in the figures a spec compares.
 */
export async function startNodeServer(
  script: string,
  env: Record<string, string> = {},
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'server-data-'));
  const child = spawn(process.execPath, [script], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    process.stdout.write(chunk);
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${script} exited with code ${child.exitCode}`);
    try {
      await fetch(url + LIVENESS_PATH);
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`${script} did not answer within ${START_TIMEOUT_MS / 1000} s`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, port, dataDir, process: child, output: () => output, stop };
}

/**
 * The built server (apps/server/dist) as its own process, as `npm start` runs it. SITE_URL is its own
 * origin, the one its same-origin checks compare with. Without the visitor's acknowledgement unless
 * `env` turns it on: the specs count the mails they are about.
 */
export async function startSiteServer(
  env: Record<string, string> = {},
  port?: number,
): Promise<RunningServer> {
  port ??= await freePort();
  return startNodeServer(
    siteServerEntry,
    { SITE_URL: `http://127.0.0.1:${port}`, ACKNOWLEDGEMENT_MAIL: 'off', ...env },
    port,
  );
}
