import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { through, trustingAgent } from './https-agent.ts';
import { freePort } from './ports.ts';
import { repo } from './server-process.ts';

const caddyfile = join(repo, 'deploy/Caddyfile');
const caddyPath = process.env.CADDY_PATH ?? '/usr/bin/caddy';
const START_TIMEOUT_MS = 15_000;

export type RunningCaddy = {
  /** The HTTPS origin, e.g. `https://localhost:40123`. */
  url: string;
  port: number;
  /** The HTTP port, which only redirects to HTTPS. */
  httpPort: number;
  /** PEM of the root of Caddy's internal CA, which signed the site's certificate. */
  rootCertificate: string;
  process: ChildProcess;
  /** What Caddy has logged so far (JSON lines on stderr). */
  output: () => string;
  stop: () => Promise<void>;
};

type CaddyOptions = {
  /** `host:port` of each server instance. */
  upstreams: string[];
  siteAddress?: string;
  httpsPort?: number;
  httpPort?: number;
};

/**
 * Caddy with deploy/Caddyfile in front of `upstreams`, with its internal CA, on free ports unless told
 * otherwise, with a data and a config folder of its own (its CA, certificates and autosave), and no admin
 * endpoint. Resolves once it answers over HTTPS with a certificate its root signed.
 */
export async function startCaddy({
  upstreams,
  siteAddress = 'localhost',
  httpsPort,
  httpPort,
}: CaddyOptions): Promise<RunningCaddy> {
  httpsPort ??= await freePort();
  httpPort ??= await freePort();
  const home = mkdtempSync(join(tmpdir(), 'caddy-'));
  const child = spawn(caddyPath, ['run', '--config', caddyfile, '--adapter', 'caddyfile'], {
    env: {
      PATH: process.env.PATH,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_CONFIG_HOME: join(home, 'config'),
      SITE_ADDRESS: siteAddress,
      CADDY_TLS: 'internal',
      CADDY_ADMIN: 'off',
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_HTTP_PORT: String(httpPort),
      UPSTREAMS: upstreams.join(' '),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let output = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const stop = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        rmSync(home, { recursive: true, force: true });
        resolve();
      };
      if (child.exitCode !== null || child.signalCode !== null) return done();
      child.once('exit', done);
      child.kill('SIGTERM');
    });

  const url = new URL(`https://${siteAddress}:${httpsPort}`).origin;
  const rootFile = join(home, 'data/caddy/pki/authorities/local/root.crt');
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited with code ${child.exitCode}:\n${output}`);
    try {
      const rootCertificate = readFileSync(rootFile, 'utf8');
      const agent = trustingAgent(rootCertificate);
      try {
        await fetch(url, through(agent));
      } finally {
        await agent.close();
      }
      return { url, port: httpsPort, httpPort, rootCertificate, process: child, output: () => output, stop };
    } catch (error) {
      if (Date.now() > deadline) {
        await stop();
        throw new Error(`caddy did not answer over HTTPS within ${START_TIMEOUT_MS / 1000} s`, {
          cause: error,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
