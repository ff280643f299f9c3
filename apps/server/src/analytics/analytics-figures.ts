import {
  type AnalyticsFigures as Figures,
  type AnalyticsReport,
  type UtmField,
  utmFields,
} from '@site/api-contract';
import type { Db } from '../db/database.js';
import { DAY_MS } from '../time.js';
import { dayOf, daysBefore, type Period, RAW_DAYS } from './analytics-day.js';
import { daysOutside, wholeMonthsOf } from './analytics-months.js';
import { figuresOfDay } from './analytics-retention.js';
import { seriesOf } from './analytics-series.js';
import { dailyRepository, type DayTotal, type DimensionSum } from './daily-repository.js';
import { CONTACT_VIEWED, FORM_STARTED } from './day-figures.js';
import { leadRepository } from './lead-repository.js';
import { pageViewRepository } from './page-view-repository.js';

type Count = { visitors: number; pageViews: number };
type Named<K extends string> = Count & Record<K, string>;

/** The period of `days` days that ends the day before `period` starts. */
export function previousPeriod({ from, to }: Period): Period {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  return { from: daysBefore(from, days), to: daysBefore(from, 1) };
}

/** Most viewed first; ties by name, so the order is the same on every run. */
const byViews = <T extends Count>(list: T[], name: (item: T) => string) =>
  list.sort((a, b) => b.pageViews - a.pageViews || b.visitors - a.visitors || name(a).localeCompare(name(b)));

/** What the figures of a period are made of: each day's and site's totals, and the other dimensions' sums. */
type PeriodRows = { totals: DayTotal[]; sums: DimensionSum[] };

/**
 * The read side of the analytics: the figures of a period (and of the one before, to compare), from the
 * months' sums and the daily roll-up, and for days not yet rolled up (today) from the raw rows with the
 * roll-up's own function. Counts only: it reads no personal data, so there is nothing to audit.
 */
export function analyticsFigures(db: Db) {
  const views = pageViewRepository(db);
  const daily = dailyRepository(db);
  const leads = leadRepository(db);

  async function rowsOf({ from, to }: Period, today: string, siteKey?: string): Promise<PeriodRows> {
    const totals = await daily.rolledDays(from, to, siteKey);
    // Whole months already summed from the monthly sums, the other days from the daily figures.
    const months = wholeMonthsOf({ from, to });
    const summed = months.length === 0 ? [] : await daily.summedMonths(months[0]!, months.at(-1)!);
    const sums = await daily.monthSumsOf(summed, siteKey);
    for (const days of daysOutside({ from, to }, summed.sort()))
      sums.push(...(await daily.sumsOf(days.from, days.to, siteKey)));
    const rolled = new Set(totals.map((row) => `${row.day}\n${row.site_key}`));
    // Raw rows not rolled up yet: today's, and a day over until the retention run has rolled it up (it
    // rolls all sites of a day at once), so only the days of the last RAW_DAYS without a total are read.
    const rolledDays = new Set(totals.map((row) => row.day));
    let firstRaw = from > daysBefore(today, RAW_DAYS - 1) ? from : daysBefore(today, RAW_DAYS - 1);
    while (firstRaw <= to && rolledDays.has(firstRaw)) firstRaw = daysBefore(firstRaw, -1);
    if (firstRaw > to) return { totals, sums };
    for (const { day, site_key: site } of await views.sitesByDay(firstRaw, to)) {
      if (rolled.has(`${day}\n${site}`) || (siteKey !== undefined && site !== siteKey)) continue;
      for (const row of await figuresOfDay(views, day, site))
        if (row.dimension === 'total') totals.push(row);
        else sums.push(row);
    }
    return { totals, sums };
  }

  async function figures(period: Period, { totals, sums }: PeriodRows, siteKey?: string): Promise<Figures> {
    const tally = (dimension: string) => {
      const counts = new Map<string, Count>();
      for (const row of sums.filter((found) => found.dimension === dimension)) {
        const count = counts.get(row.value) ?? { visitors: 0, pageViews: 0 };
        count.visitors += Number(row.visitors);
        count.pageViews += Number(row.views);
        counts.set(row.value, count);
      }
      return counts;
    };
    const list = <K extends string>(name: K, counts: Map<string, Count>) =>
      byViews(
        [...counts].map(([value, count]) => ({ [name]: value, ...count }) as Named<K>),
        (item) => item[name],
      );
    const sites = new Map<string, Count>();
    for (const row of totals) {
      const count = sites.get(row.site_key) ?? { visitors: 0, pageViews: 0 };
      count.visitors += row.visitors;
      count.pageViews += row.views;
      sites.set(row.site_key, count);
    }
    const total = { visitors: 0, pageViews: 0 };
    for (const count of sites.values()) {
      total.visitors += count.visitors;
      total.pageViews += count.pageViews;
    }
    const sent = await leads.sentBySite(
      `${period.from}T00:00:00.000Z`,
      `${daysBefore(period.to, -1)}T00:00:00.000Z`,
      siteKey,
    );
    const funnel = tally('funnel');
    return {
      ...period,
      ...total,
      pages: list('path', tally('path')),
      landingPages: list('path', tally('landing')),
      referrers: list('host', tally('referrer')),
      campaigns: Object.fromEntries(utmFields.map((field) => [field, list('value', tally(field))])) as Record<
        UtmField,
        Named<'value'>[]
      >,
      languages: list('language', tally('language')),
      sites: list('site', sites),
      devices: list('device', tally('device')),
      countries: list('country', tally('country')),
      funnel: {
        visitors: total.visitors,
        contactViewed: funnel.get(CONTACT_VIEWED)?.visitors ?? 0,
        formStarted: funnel.get(FORM_STARTED)?.visitors ?? 0,
        sent: [...sent.values()].reduce((sum, count) => sum + count, 0),
      },
      leftOut: list('reason', tally('left-out')).map(({ reason, pageViews, visitors }) => ({
        reason,
        requests: pageViews,
        visitors,
      })),
    };
  }

  return {
    /**
     * The figures of `period` (default: the 30 days up to today) and of the period before it, with
     * visitors and page views over time: what the command line prints and the inbox's dashboard shows.
     */
    async report(period?: Partial<Period>, siteKey?: string): Promise<AnalyticsReport> {
      const today = dayOf(Date.now());
      const to = period?.to ?? today;
      const current = { from: period?.from ?? daysBefore(to, 29), to };
      const previous = previousPeriod(current);
      const now = await rowsOf(current, today, siteKey);
      const before = await rowsOf(previous, today, siteKey);
      return {
        site: siteKey ?? null,
        current: await figures(current, now, siteKey),
        previous: await figures(previous, before, siteKey),
        series: seriesOf(current, previous, { current: now.totals, previous: before.totals }),
      };
    },
  };
}

export type AnalyticsFiguresService = ReturnType<typeof analyticsFigures>;
