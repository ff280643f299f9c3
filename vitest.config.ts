import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configDefaults, defineConfig } from 'vitest/config';

/** Tests use the contact package's source, so they need no build of it. */
const resolve = {
  alias: {
    // The subpath first: the index's alias would otherwise take it as a folder of index.ts.
    '@site/api-contract/constants': fileURLToPath(
      new URL('packages/api-contract/src/constants.ts', import.meta.url),
    ),
    '@site/api-contract': fileURLToPath(new URL('packages/api-contract/src/index.ts', import.meta.url)),
  },
};

/**
 * A worker's test files share its modules instead of loading them again for each file: the server's
 * app (about 40 s of a run for each database), Playwright and the browser and fault tests' helpers
 * (decision 065). None mocks a module or changes the environment; what a browser or fault test starts
 * (a server, a browser context) its fixtures or hooks stop after it.
 */
const sharedModules = { isolate: false };

/** The browser suite: the production build served by the real server, in Chromium. */
const browserSuite = {
  root: 'e2e',
  include: ['**/*.spec.ts'],
  environment: 'node',
  ...sharedModules,
  globalSetup: ['support/global-setup.ts'],
  testTimeout: 60_000,
  hookTimeout: 120_000,
};
const timingSpecs = 'slow-phone.spec.ts';

/**
 * The server's tests that use a database run on SQLite (project server) and on PostgreSQL (project
 * server-postgres): those that open one through the test harness (buildTestApp, openTestDatabase,
 * createTestStorage, or the mailbox apps of mail-conversation) or the database module itself. Read from the files, so a new test runs on both
 * unless it is named below. The tests of HTTP, security, the site and health build an app to send it
 * requests: they run on PostgreSQL only when they read or write rows themselves.
 */
const serverDir = fileURLToPath(new URL('apps/server/', import.meta.url));
const serverTests = readdirSync(join(serverDir, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => `src/${file}`)
  .sort();
const opensDatabase =
  /from '[./]*(?:[\w-]+\/)*(?:test-app|test-database|test-storage|database|mail-conversation)\.js'/;
const requestsOnly = /^src\/(?:http|security|site|health)\//;
const readsRows = /from '[./]*(?:[\w-]+\/)*(?:stored-rows|test-database|database)\.js'/;
const databaseTests = serverTests.filter((file) => {
  const source = readFileSync(join(serverDir, file), 'utf8');
  return opensDatabase.test(source) && (!requestsOnly.test(file) || readsRows.test(source));
});

/** The exceptions: tests of what one database has and the other has not, each with the reason. */
const oneDatabaseOnly: Record<string, { on: 'sqlite' | 'postgres'; why: string }> = {
  'src/db/backup.test.ts': { on: 'sqlite', why: "the backup and restore commands copy SQLite's file" },
  'src/db/concurrent-start.test.ts': { on: 'sqlite', why: 'servers creating one SQLite file at once' },
  'src/db/lock-wait.test.ts': { on: 'sqlite', why: "another process holding SQLite's write lock" },
  'src/privacy/erasure.test.ts': { on: 'sqlite', why: "no byte of an erased person in SQLite's files" },
  'src/privacy/retention.test.ts': { on: 'sqlite', why: "no byte of a deleted message in SQLite's files" },
  'src/db/pg-dump.test.ts': { on: 'postgres', why: "PostgreSQL's own backup, pg_dump and pg_restore" },
  'src/db/postgres-start.test.ts': { on: 'postgres', why: "the migrator's advisory lock of PostgreSQL" },
};
for (const file of Object.keys(oneDatabaseOnly))
  if (!databaseTests.includes(file)) throw new Error(`vitest.config.ts names ${file}, no database test`);
const only = (on: 'sqlite' | 'postgres') =>
  Object.entries(oneDatabaseOnly).flatMap(([file, test]) => (test.on === on ? [file] : []));
const postgresTests = databaseTests.filter((file) => !only('sqlite').includes(file));

/**
 * A server test waits for an outbox or a mailbox poll, so with files side by side on two cores one may
 * take several times as long as alone: Vitest's 5 s would stop a test that is merely slow. The same for
 * a hook, such as the `beforeAll` of `preparedOnce`, which prepares what several tests share.
 */
const serverTimeouts = { testTimeout: 20_000, hookTimeout: 20_000 };

/** One Dovecot for each server project, with a mailbox for each test that reads one. */
const sharedDovecot = fileURLToPath(new URL('packages/testing/src/shared-dovecot.ts', import.meta.url));

/**
 * Test files at once, in every project but the two that run alone after the rest. Vitest's default on
 * this 2-core machine is one: every file waited for the one before, though much of a file's time is
 * spent waiting (for Chromium, a server process, PostgreSQL, a poll of the outbox or the mailbox), not
 * computing. One for each core: with three, on a machine busy with other work, servers took more than
 * 30 s to start and browser tests ran out of time.
 */
const FILES_AT_ONCE = 2;

export default defineConfig({
  test: {
    maxWorkers: FILES_AT_ONCE,
    projects: [
      {
        resolve,
        define: { __BUILD_YEAR__: '2026', __SITE_URL__: JSON.stringify('https://www.example.com') },
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['app/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        resolve,
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...only('postgres')],
          environment: 'node',
          ...sharedModules,
          ...serverTimeouts,
          globalSetup: ['src/test/sqlite-template.ts', sharedDovecot],
        },
      },
      {
        resolve,
        // The database tests again, each on a new database of the PostgreSQL test server.
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: postgresTests,
          environment: 'node',
          env: { TEST_DATABASE: 'postgres' },
          ...sharedModules,
          ...serverTimeouts,
          globalSetup: ['src/test/postgres-databases.ts', sharedDovecot],
        },
      },
      {
        resolve: {
          alias: {
            ...resolve.alias,
            '@brand': fileURLToPath(new URL('apps/web/app/content/brand.ts', import.meta.url)),
          },
        },
        // The inbox app's own functions. Its dates are whole days in the operator's zone: these run in one
        // whose clocks change (Cyprus: the last Sundays of March and October), where a day is not 24 hours.
        test: {
          name: 'admin',
          root: 'apps/admin',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          env: { TZ: 'Europe/Nicosia' },
        },
      },
      {
        test: {
          name: 'contact',
          root: 'packages/api-contract',
          include: ['src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        resolve,
        test: { ...browserSuite, name: 'e2e', exclude: [...configDefaults.exclude, timingSpecs] },
      },
      {
        resolve,
        // Timings on a slowed-down CPU: after everything else, alone, so no other test competes for the CPU.
        // This 2-core machine's own noise still moves a page load by up to ~100 ms (decision 015): a budget
        // missed once is measured again, once.
        test: {
          ...browserSuite,
          name: 'e2e-timing',
          include: [timingSpecs],
          sequence: { groupOrder: 1 },
          retry: 1,
        },
      },
      {
        resolve,
        // Many processes under load: last and alone, one file at a time (decision 016).
        test: {
          name: 'faults',
          root: 'faults',
          include: ['**/*.fault.ts'],
          environment: 'node',
          ...sharedModules,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
          testTimeout: 120_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
