import { builtSiteKey } from '@site/testing/contact-client';
import { startTestSiteServer } from '@site/testing/per-test';
import type { RunningServer } from '@site/testing/server-process';
import type { Storage } from './storage.ts';

/** The site key the build gives its forms, which the server accepts. */
export const siteKey = builtSiteKey();

/**
 * Settings for a server under load and faults: no rate limit (every message comes from 127.0.0.1), an
 * outbox that looks for due retries every 100 ms and retries a failed mail after 200 ms, at most 1 s
 * later, for long enough that nothing is given up within a test; mails a killed server had claimed are
 * sent by the next one 2 s later.
 */
export const faultSettings = {
  CONTACT_RATE_PER_MINUTE: '0',
  CONTACT_RATE_PER_DAY: '0',
  OUTBOX_POLL_MS: '100',
  OUTBOX_RETRY_FIRST_MS: '200',
  OUTBOX_RETRY_MAX_MS: '1000',
  OUTBOX_MAX_ATTEMPTS: '1000',
  OUTBOX_LEASE_MS: '2000',
};

/**
 * The built server on `storage` with the fault settings, then `env`; on `port` when given (a restart
 * on the same address). Stopped when the test ends, before the storage it was given goes.
 */
export function startFaultServer(
  storage: Storage,
  env: Record<string, string> = {},
  port?: number,
): Promise<RunningServer> {
  return startTestSiteServer({ ...faultSettings, ...storage.env, ...env }, port);
}

/**
 * `count` such servers, started at once (on two cores, in about the time of one); all settle before a
 * failure is thrown, so each that started is stopped with the test.
 */
export async function startFaultServers(
  count: number,
  storage: Storage,
  env: Record<string, string> = {},
): Promise<RunningServer[]> {
  const starts = await Promise.allSettled(
    Array.from({ length: count }, () => startFaultServer(storage, env)),
  );
  return starts.map((start) => {
    if (start.status === 'rejected') throw start.reason;
    return start.value;
  });
}

/** Lines the server logged at level error or fatal (pino's 50 and 60): an uncaught error, a 500. */
export const loggedErrors = (server: RunningServer) =>
  server
    .output()
    .split('\n')
    .filter((line) => /"level":(5|6)0\b/.test(line));
