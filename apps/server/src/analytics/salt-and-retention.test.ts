import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import { testDatabaseKind } from '../test/test-storage.js';
import { navigationHeaders, PHONE_AGENT } from '../test/page-visits.js';
import { analyticsRetention } from './analytics-retention.js';
import { dailyRepository } from './daily-repository.js';
import { pageViewBuffer, VIEWS_PER_WRITE } from './page-view-buffer.js';
import { pageViewRepository } from './page-view-repository.js';
import { saltRepository } from './salt-repository.js';
import type { Db } from '../db/database.js';

const SITE = 'test-site-key-0001';
const visitor = { ip: '198.51.100.9', url: '/', headers: navigationHeaders() };

/** The log lines a buffer writes, as pino would get them. */
function recordingLog() {
  const lines: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => lines.push(args) } as unknown as FastifyBaseLogger;
  return { log, lines };
}

/** A buffer on `db` whose clock the test sets. */
function bufferOn(db: Db, clock: { now: number }, log = recordingLog().log) {
  return pageViewBuffer({
    siteKey: SITE,
    ownHosts: ['localhost'],
    flushMs: 60_000,
    salts: saltRepository(db),
    views: pageViewRepository(db),
    log,
    now: () => clock.now,
  });
}

const salts = (db: Db) => db.selectFrom('analytics_salts').selectAll().orderBy('day').execute();
const visitors = (db: Db) =>
  db.selectFrom('analytics_views').select(['day', 'visitor']).orderBy('seq').execute();

describe('the daily salt of the visitor hash', () => {
  it('is replaced when the day is over and the old one deleted, so the same visitor gets a new hash', async () => {
    const db = await openTestDatabase();
    const clock = { now: Date.parse('2026-11-27T23:59:30Z') };
    const buffer = bufferOn(db, clock);
    buffer.page('/', visitor);
    await buffer.flush();
    const [first] = await salts(db);
    expect(first?.day).toBe('2026-11-27');

    clock.now = Date.parse('2026-11-28T00:01:30Z');
    buffer.page('/', visitor);
    await buffer.flush();
    expect((await salts(db)).map((row) => row.day)).toEqual(['2026-11-28']);
    expect((await salts(db))[0]?.salt).not.toBe(first?.salt);
    const [before, after] = await visitors(db);
    expect(before?.day).toBe('2026-11-27');
    expect(after?.day).toBe('2026-11-28');
    expect(after?.visitor).not.toBe(before?.visitor);
    await buffer.stop();
  });

  it('is deleted when its day is over even if nobody visits after midnight', async () => {
    const db = await openTestDatabase();
    const clock = { now: Date.parse('2026-11-27T18:00:00Z') };
    const buffer = bufferOn(db, clock);
    buffer.page('/', visitor);
    await buffer.flush();
    clock.now = Date.parse('2026-11-28T00:05:00Z');
    await buffer.flush();
    expect(await salts(db)).toEqual([]);
    await buffer.stop();
  });

  it('a failed write drops the batch with one line that names no visitor, and counting goes on', async () => {
    const db = await openTestDatabase();
    const { log, lines } = recordingLog();
    const clock = { now: Date.now() };
    const buffer = bufferOn(db, clock, log);
    await db.schema.alterTable('analytics_views').renameTo('analytics_views_away').execute();
    buffer.page('/', visitor);
    await buffer.flush();
    expect(lines).toHaveLength(1);
    expect(JSON.stringify(lines)).not.toMatch(/198\.51|Chrome/);
    expect(lines[0]?.[1]).toBe('analytics: page views not stored');
    await db.schema.alterTable('analytics_views_away').renameTo('analytics_views').execute();
    buffer.page('/', { ...visitor, headers: navigationHeaders(PHONE_AGENT) });
    await buffer.stop();
    expect(await visitors(db)).toHaveLength(1);
  });
});

describe('the flush', () => {
  it('writes a large batch a slice at a time, so a query in the meantime does not wait for all of it, and counts each view once', async () => {
    const db = await openTestDatabase();
    const buffer = bufferOn(db, { now: Date.now() });
    const total = Math.round(VIEWS_PER_WRITE * 2.5);
    for (let i = 0; i < total; i++) buffer.page('/', { ...visitor, ip: `198.51.${i >> 8}.${i & 255}` });
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('analytics_views')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    let flushing = true;
    const flushed = buffer.flush().then(() => (flushing = false));
    // As a message's insert would: asked for on the event loop's next turn once the flush has begun.
    const midway = await new Promise<{ views: number; flushing: boolean }>((resolve) =>
      setImmediate(() => void count().then((views) => resolve({ views, flushing }))),
    );
    await flushed;
    // SQLite has one connection, which a batch written at once held until its end; PostgreSQL's pool
    // answers on another connection either way.
    if (testDatabaseKind === 'sqlite') {
      expect(midway.flushing).toBe(true);
      expect(midway.views).toBeLessThan(total);
    }
    expect(await count()).toBe(total);
    expect(new Set((await visitors(db)).map((row) => row.visitor)).size).toBe(total);
    await buffer.stop();
  });
});

describe('analytics retention', () => {
  it('rolls each day over up, deletes raw rows after 30 days and the roll-up after ANALYTICS_RETENTION_DAYS', async () => {
    const db = await openTestDatabase();
    const views = pageViewRepository(db);
    const daily = dailyRepository(db);
    const clock = { now: 0 };
    const buffer = bufferOn(db, clock);
    for (const day of ['2026-09-01', '2026-11-10', '2026-11-27']) {
      clock.now = Date.parse(`${day}T12:00:00Z`);
      buffer.page('/', visitor);
      buffer.page('/contact', { ...visitor, url: '/contact' });
      await buffer.flush();
    }
    await buffer.stop();
    const apply = analyticsRetention({ views, daily, salts: saltRepository(db) }, 60);
    const now = new Date('2026-11-28T09:00:00Z');
    expect(await apply(now)).toMatchObject({ rolledUp: 3 });
    // Rolled up, the raw rows of 2026-09-01 (older than 30 days) are deleted, and its roll-up too (60 days).
    expect(
      (await db.selectFrom('analytics_views').select('day').distinct().execute()).map((r) => r.day),
    ).toEqual(['2026-11-10', '2026-11-27']);
    const totals = await db
      .selectFrom('analytics_daily')
      .select(['day', 'visitors', 'views'])
      .where('dimension', '=', 'total')
      .orderBy('day')
      .execute();
    expect(
      totals.map((row) => ({ ...row, visitors: Number(row.visitors), views: Number(row.views) })),
    ).toEqual([
      { day: '2026-11-10', visitors: 1, views: 2 },
      { day: '2026-11-27', visitors: 1, views: 2 },
    ]);
    // A second run (or another instance) rolls nothing up twice.
    expect(await apply(now)).toMatchObject({ rolledUp: 0 });
    // Later, the roll-up of 2026-11-10 is past ANALYTICS_RETENTION_DAYS (60), that of 2026-11-27 not.
    const later = await apply(new Date('2027-01-15T09:00:00Z'));
    expect(later).toMatchObject({ rolledUp: 0 });
    expect(await db.selectFrom('analytics_views').select('day').execute()).toEqual([]);
    expect((await daily.rolledDays('2000-01-01', '2100-01-01')).map((row) => row.day)).toEqual([
      '2026-11-27',
    ]);
  });
});
