import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-database.js';
import { daysBefore } from './analytics-day.js';
import { analyticsFigures } from './analytics-figures.js';
import { daysOutside, wholeMonthsOf } from './analytics-months.js';
import { analyticsRetention } from './analytics-retention.js';
import { dailyRepository, type DailyRow } from './daily-repository.js';
import { pageViewRepository } from './page-view-repository.js';
import { saltRepository } from './salt-repository.js';

/** A roll-up of every day of [from, to] on two sites, with figures that differ from day to day. */
function rolledUpDays(from: string, to: string): DailyRow[] {
  const rows: DailyRow[] = [];
  for (let day = from, n = 1; day <= to; day = daysBefore(day, -1), n++)
    for (const [site, share] of [
      ['main-site', 3],
      ['partner-site', 1],
    ] as const)
      for (const [dimension, value, visitors, views] of [
        ['total', '', 4 * n * share, 9 * n * share],
        ['path', '/', 4 * n * share, 6 * n * share],
        ['path', `/page-${n % 5}`, n * share, 3 * n * share],
        ['referrer', n % 2 ? 'www.google.com' : '', 4 * n * share, 9 * n * share],
        ['left-out', 'declared-bot', 0, n],
      ] as const)
        rows.push({ day, site_key: site, dimension, value, visitors, views });
  return rows;
}

describe('the months summed for long periods', () => {
  it('finds the whole months of a period and the days outside them', () => {
    const period = { from: '2026-01-15', to: '2026-04-30' };
    expect(wholeMonthsOf(period)).toEqual(['2026-02', '2026-03', '2026-04']);
    expect(daysOutside(period, ['2026-02', '2026-04'])).toEqual([
      { from: '2026-01-15', to: '2026-01-31' },
      { from: '2026-03-01', to: '2026-03-31' },
    ]);
    expect(wholeMonthsOf({ from: '2026-02-02', to: '2026-03-30' })).toEqual([]);
  });

  it('give the same figures as the days they sum, and go when their first days are deleted', async () => {
    const db = await openTestDatabase();
    const daily = dailyRepository(db);
    await daily.insert(rolledUpDays('2026-07-20', '2026-11-05'));
    const analytics = analyticsFigures(db);
    const periods = [
      { from: '2026-07-25', to: '2026-11-03' },
      { from: '2026-08-01', to: '2026-10-31' },
      { from: '2026-09-10', to: '2026-10-31' },
    ];
    const fromDays = await Promise.all(periods.map((period) => analytics.report(period)));
    const oneSite = await analytics.report(periods[0], 'partner-site');

    const apply = (dailyDays?: number) =>
      analyticsRetention({ views: pageViewRepository(db), daily, salts: saltRepository(db) }, dailyDays);
    // July to November are over on 2 December: each summed once.
    expect(await apply()(new Date('2026-12-02T03:00:00Z'))).toMatchObject({ monthsSummed: 5 });
    expect(await apply()(new Date('2026-12-02T04:00:00Z'))).toMatchObject({ monthsSummed: 0 });
    const months = await db
      .selectFrom('analytics_monthly')
      .select('month')
      .distinct()
      .orderBy('month')
      .execute();
    expect(months.map((row) => row.month)).toEqual(['2026-07', '2026-08', '2026-09', '2026-10', '2026-11']);
    for (const [index, period] of periods.entries())
      expect(await analytics.report(period), `${period.from} to ${period.to}`).toEqual(fromDays[index]);
    expect(await analytics.report(periods[0], 'partner-site')).toEqual(oneSite);

    // The days before 10 September deleted (ANALYTICS_RETENTION_DAYS): July's to September's sums go with
    // them, and a period of the days kept reads the same figures (the period before it was deleted).
    const now = new Date('2026-12-02T05:00:00Z');
    const keptDays = 84;
    expect(daysBefore('2026-12-02', keptDays - 1)).toBe('2026-09-10');
    await apply(keptDays)(now);
    const kept = await db
      .selectFrom('analytics_monthly')
      .select('month')
      .distinct()
      .orderBy('month')
      .execute();
    expect(kept.map((row) => row.month)).toEqual(['2026-10', '2026-11']);
    expect((await analytics.report(periods[2])).current).toEqual(fromDays[2]?.current);
    await db.destroy();
  });
});
