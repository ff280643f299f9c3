import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { createPostgresDatabase, dropPostgresDatabase, testPostgresUrl, urlOf } from './postgres.ts';

// Copying a migrated template is most of what a PostgreSQL test waits for before it starts (about a
// third of a second on a quiet machine, seconds on a busy one), and dropping the copy most of what it
// waits for after. Both are done ahead, outside the test: a keeper in Vitest's main process (a global
// setup) keeps a few copies ready, and drops the copies tests are done with. A test still gets a copy
// made for it alone, and makes one itself when none is ready.

/** The spare copies of `<prefix>`'s template: `<prefix>_spare_<random>`, renamed when a test takes one. */
const spareNames = (prefix: string) => `${prefix}\\_spare\\_%`;
/** Where tests tell the keeper that they took a copy, or are done with one (its name). */
const channelOf = (prefix: string) => `${prefix}_spares`;
const TAKEN = 'taken';
/** The keeper's connection, by its application_name: a test whose copy no keeper would drop drops it. */
const KEEPER = 'spare-database-keeper';

/**
 * Keeps `count` copies of `template` ready for tests to take (takeSpareDatabase), and drops each copy a
 * test gives back (giveBackDatabase), one statement at a time, woken by the tests. `stop` waits for the
 * statement under way; the copies left are the caller's to drop (by their prefix).
 */
export async function keepSpareDatabases(prefix: string, template: string, count: number) {
  const keeper = new pg.Client({ connectionString: testPostgresUrl, application_name: KEEPER });
  const toDrop: string[] = [];
  let stopped = false;
  let failure: unknown;
  let woken = false;
  let wake = () => {};
  const given = new RegExp(`^${prefix}_[0-9a-f]{12}$`);
  keeper.on('notification', ({ payload }) => {
    if (payload && given.test(payload)) toDrop.push(payload);
    woken = true;
    wake();
  });
  // Without their keeper the tests make and drop their copies themselves; the failure is told at the end.
  const fail = (error: unknown) => {
    failure ??= error;
    stopped = true;
    wake();
    void keeper.end().catch(() => {});
  };
  keeper.on('error', fail);
  await keeper.connect();
  await keeper.query(`listen ${channelOf(prefix)}`);
  const spares = async () => {
    const { rows } = await keeper.query<{ n: string }>(
      'select count(*) as n from pg_database where datname like $1',
      [spareNames(prefix)],
    );
    return Number(rows[0]!.n);
  };
  const keeping = (async () => {
    while (!stopped) {
      woken = false;
      const dropping = toDrop.shift();
      if (dropping) await dropPostgresDatabase(dropping, keeper);
      else if ((await spares()) < count) await createPostgresDatabase(`${prefix}_spare`, template, keeper);
      else
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (woken || stopped) resolve();
        });
    }
  })().catch(fail);
  return {
    async stop() {
      stopped = true;
      wake();
      await keeping;
      await keeper.end().catch(() => {});
      if (failure) throw failure;
    },
  };
}

/** One connection for a test worker's takes and gives back, closed when idle so it holds no process up. */
let admin: pg.Pool | undefined;
const adminPool = () =>
  (admin ??= new pg.Pool({
    connectionString: testPostgresUrl,
    max: 1,
    idleTimeoutMillis: 5_000,
    allowExitOnIdle: true,
  }));

/**
 * A copy of `template` for one test: one the keeper made ready, renamed to `<prefix>_<random>` (a rename
 * fails for all but one of the tests that try it at once), or, with none ready, one made now.
 */
export async function takeSpareDatabase(
  prefix: string,
  template: string,
): Promise<{ name: string; url: string }> {
  const pool = adminPool();
  const { rows } = await pool.query<{ datname: string }>(
    'select datname from pg_database where datname like $1 order by random()',
    [spareNames(prefix)],
  );
  for (const { datname } of rows) {
    const name = `${prefix}_${randomBytes(6).toString('hex')}`;
    try {
      await pool.query(`alter database ${datname} rename to ${name}`);
    } catch (error) {
      // 3D000 invalid_catalog_name: another test took it first.
      if ((error as { code?: string }).code === '3D000') continue;
      throw error;
    }
    await pool.query('select pg_notify($1, $2)', [channelOf(prefix), TAKEN]);
    return { name, url: urlOf(name) };
  }
  return createPostgresDatabase(prefix, template);
}

/**
 * Leaves the copy a test is done with to the keeper to drop (the run's teardown drops any it left), or
 * drops it now when no keeper is there.
 */
export async function giveBackDatabase(prefix: string, name: string): Promise<void> {
  const { rows } = await adminPool().query<{ kept: boolean }>(
    `select pg_notify($1, $2), exists(select from pg_stat_activity where application_name = $3) as kept`,
    [channelOf(prefix), name, KEEPER],
  );
  if (!rows[0]!.kept) await dropPostgresDatabase(name);
}
