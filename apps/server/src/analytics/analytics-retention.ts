import { dayOf, daysBefore, RAW_DAYS } from './analytics-day.js';
import { firstWholeMonth, monthOf } from './analytics-months.js';
import type { DailyRepository } from './daily-repository.js';
import { dayFigures } from './day-figures.js';
import type { PageViewRepository } from './page-view-repository.js';
import type { SaltRepository } from './salt-repository.js';

const EARLIEST = '0000-01-01';

type Repositories = { views: PageViewRepository; daily: DailyRepository; salts: SaltRepository };

/**
 * The figures of each day that is over and not yet rolled up, from its raw rows; then the raw rows of
 * days older than RAW_DAYS deleted, the roll-up's older than `dailyDays` (unset: kept), each month that
 * is over summed from its days (decision 069), and the salts of the days that are over. Two instances doing it at once write the same rows; one of each is kept.
 */
export function analyticsRetention({ views, daily, salts }: Repositories, dailyDays?: number) {
  return async function apply(now: Date) {
    const today = dayOf(now);
    const firstRaw = daysBefore(today, RAW_DAYS - 1);
    const yesterday = daysBefore(today, 1);
    // Every day over that still has raw rows, however old: an instance that was down rolls them up late.
    const rolled = new Set(
      (await daily.rolledDays(EARLIEST, yesterday)).map((row) => `${row.day}\n${row.site_key}`),
    );
    let rolledUp = 0;
    for (const { day, site_key: siteKey } of await views.sitesByDay(EARLIEST, yesterday)) {
      if (rolled.has(`${day}\n${siteKey}`)) continue;
      await daily.insert(await figuresOfDay(views, day, siteKey));
      rolledUp++;
    }
    const rawDeleted = await views.deleteBefore(firstRaw);
    const firstKept = dailyDays ? daysBefore(today, dailyDays - 1) : EARLIEST;
    const dailyDeleted = dailyDays ? await daily.deleteBefore(firstKept) : 0;
    // A month is summed once it is over, and its sums kept only while all of its days are: a month
    // whose first days are deleted is read from the days left.
    const firstMonth = firstWholeMonth(firstKept);
    if (dailyDays) await daily.deleteMonthsBefore(firstMonth);
    const summed = new Set(await daily.summedMonths(firstMonth, monthOf(today)));
    let monthsSummed = 0;
    for (const month of await daily.monthsWithDays(`${firstMonth}-01`, daysBefore(`${monthOf(today)}-01`, 1)))
      if (!summed.has(month)) {
        await daily.sumMonth(month);
        monthsSummed++;
      }
    await salts.deleteBefore(yesterday);
    return { rolledUp, rawDeleted, dailyDeleted, monthsSummed };
  };
}

/** One site's figures of a day, from the raw rows. */
export async function figuresOfDay(views: PageViewRepository, day: string, siteKey: string) {
  const [raw, assets, formStarts, leftOut] = await Promise.all([
    views.viewsOf(day, siteKey),
    views.visitorsOf('analytics_asset_visitors', day, siteKey),
    views.visitorsOf('analytics_form_starts', day, siteKey),
    views.leftOutOf(day, siteKey),
  ]);
  return dayFigures(day, siteKey, raw, { assets, formStarts }, leftOut);
}

export type AnalyticsRetention = ReturnType<typeof analyticsRetention>;
