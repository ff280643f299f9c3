import { randomBytes } from 'node:crypto';
import { type RunningCaddy, startCaddy } from './caddy.ts';
import { freePort } from './ports.ts';
import { type RunningServer, startSiteServer } from './server-process.ts';

export type ProxiedSite = {
  /** The public HTTPS origin (Caddy). */
  url: string;
  caddy: RunningCaddy;
  servers: RunningServer[];
  /** The settings every instance runs with; also what an operator command needs. */
  env: Record<string, string>;
  stop: () => Promise<void>;
};

/**
 * Production's shape on loopback: `instances` servers behind Caddy (deploy/Caddyfile), SITE_URL the
 * proxy's HTTPS origin, the proxy trusted for X-Forwarded-For. `storage` is what the instances share:
 * `{ DATA_DIR }` (one SQLite file) or `{ DATA_DIR, DATABASE_URL }`; `env` adds settings (SMTP_URL, rate
 * limits).
 * Caddy's ports are free ones unless given (443 and 80 for a scanner that knows no others).
 */
export async function startProxiedSite(
  storage: Record<string, string>,
  env: Record<string, string> = {},
  { instances = 2, httpsPort, httpPort }: { instances?: number; httpsPort?: number; httpPort?: number } = {},
): Promise<ProxiedSite> {
  httpsPort ??= await freePort();
  const settings = {
    SITE_URL: new URL(`https://localhost:${httpsPort}`).origin,
    TRUST_PROXY: '127.0.0.1',
    // Above Caddy's 20 s, as deploy/README.md sets it: otherwise an instance may close a kept-alive
    // connection just as Caddy sends a request on it, and the visitor gets 502.
    KEEP_ALIVE_TIMEOUT_MS: '25000',
    // Every instance must sign and check XSRF tokens and links with the same secret.
    APP_SECRET: randomBytes(32).toString('hex'),
    ...storage,
    ...env,
  };
  const servers: RunningServer[] = [];
  const stopServers = () => Promise.all(servers.map((server) => server.stop()));
  let caddy: RunningCaddy;
  try {
    servers.push(...(await Promise.all(Array.from({ length: instances }, () => startSiteServer(settings)))));
    caddy = await startCaddy({
      upstreams: servers.map((server) => `127.0.0.1:${server.port}`),
      httpsPort,
      httpPort,
    });
  } catch (error) {
    await stopServers();
    throw error;
  }
  return {
    url: caddy.url,
    caddy,
    servers,
    env: settings,
    stop: async () => {
      await caddy.stop();
      await stopServers();
    },
  };
}
