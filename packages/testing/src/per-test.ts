// What a Vitest test opens, opened by a helper that also closes it when the test ends, passed or failed
// (`onTestFinished`, last opened first closed): `const sink = await startTestSmtpSink()` needs no
// afterEach, try/finally or close at the end. Only for tests: the benchmarks use the plain starters.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, inject, onTestFinished } from 'vitest';
import { addDovecotMailbox, startDovecot } from './dovecot.ts';
import { startSmtpSink } from './mail.ts';
import { createPostgresDatabase, dropPostgresDatabase } from './postgres.ts';
import { giveBackDatabase, takeSpareDatabase } from './spare-postgres-databases.ts';
import { startSiteServer } from './server-process.ts';
import { startSizeLyingImap } from './size-lying-imap.ts';
import { startWebhookReceiver } from './webhook-receiver.ts';

/** While a `preparedOnce` runs its preparation: the closers of what it opens, kept for after the tests. */
let preparing: (() => unknown)[] | undefined;

/**
 * Runs `close(resource)` when the current test ends (or, opened by a `preparedOnce` preparation, after
 * the tests that share it); returns the resource.
 */
export function closeAfterTest<T>(resource: T, close: (resource: T) => unknown): T {
  if (preparing) preparing.push(() => close(resource));
  else
    onTestFinished(async () => {
      await close(resource);
    });
  return resource;
}

/**
 * State that the tests of a file (or of a `describe`) only read, prepared once before them by the same
 * helpers a test uses and closed after the last of them, last opened first closed. Returns its getter.
 */
export function preparedOnce<T>(prepare: () => Promise<T>): () => T {
  let prepared: { value: T } | undefined;
  beforeAll(async () => {
    const closers: (() => unknown)[] = [];
    preparing = closers;
    try {
      prepared = { value: await prepare() };
    } finally {
      preparing = undefined;
    }
    return async () => {
      for (const close of closers.reverse()) await close();
    };
  });
  return () => {
    if (!prepared) throw new Error('preparedOnce: read before its preparation ran');
    return prepared.value;
  };
}

/** A real SMTP server on loopback for this test (see startSmtpSink). */
export const startTestSmtpSink = async (port?: number, answerDelayMs?: number) =>
  closeAfterTest(await startSmtpSink(port, answerDelayMs), (sink) => sink.close());

/**
 * A mailbox of this test's own on Dovecot (see startDovecot): a user added to the project's shared one
 * (`shared-dovecot.ts`, a global setup) where there is one, else a Dovecot of its own. A test that stops
 * and starts Dovecot, or one speaking only TLS (`tls`), gets its own.
 */
export async function startTestDovecot(options?: Parameters<typeof startDovecot>[0]) {
  const shared = options?.tls ? undefined : inject('sharedDovecot');
  const dovecot = shared ? addDovecotMailbox(shared) : await startDovecot(options);
  return closeAfterTest(dovecot, (mailbox) => mailbox.close());
}

/** A proxy in front of an IMAP server that reports every mail's size as `reportedSize` (see startSizeLyingImap). */
export const startTestSizeLyingImap = async (imapUrl: string, reportedSize: number) =>
  closeAfterTest(await startSizeLyingImap(imapUrl, reportedSize), (proxy) => proxy.close());

/** A webhook receiver on loopback for this test (see startWebhookReceiver). */
export const startTestWebhookReceiver = async (options?: Parameters<typeof startWebhookReceiver>[0]) =>
  closeAfterTest(await startWebhookReceiver(options), (receiver) => receiver.close());

/** The built server as its own process for this test (see startSiteServer). */
export const startTestSiteServer = async (env?: Record<string, string>, port?: number) =>
  closeAfterTest(await startSiteServer(env, port), (server) => server.stop());

/** An empty folder in the system's temp folder for this test, removed with what is in it. */
export const createTestDir = (prefix: string) =>
  closeAfterTest(mkdtempSync(join(tmpdir(), prefix)), (dir) => rmSync(dir, { recursive: true, force: true }));

/** A new database on the PostgreSQL test server for this test, dropped after it (its connections ended). */
export const createTestPostgresDatabase = async (prefix: string, template?: string) =>
  closeAfterTest(await createPostgresDatabase(prefix, template), (database) =>
    dropPostgresDatabase(database.name),
  );

/**
 * A copy of `template` for this test, one of those a global setup keeps ready (see keepSpareDatabases)
 * or made now, and dropped after the test.
 */
export const takeTestPostgresDatabase = async (prefix: string, template: string) =>
  closeAfterTest(await takeSpareDatabase(prefix, template), (database) =>
    giveBackDatabase(prefix, database.name),
  );
