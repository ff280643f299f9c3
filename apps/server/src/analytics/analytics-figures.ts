import type { Db } from '../db/database.js';
import { DAY_MS } from '../time.js';
import { dayOf, daysBefore } from './analytics-day.js';
import { figuresOfDay } from './analytics-retention.js';
import { dailyRepository, type DailyRow } from './daily-repository.js';
import { CONTACT_VIEWED, FORM_STARTED } from './day-figures.js';
import { leadRepository } from './lead-repository.js';
import { utmFields, type UtmField } from './page-request.js';
import { pageViewRepository } from './page-view-repository.js';

/** A period of whole UTC days, both ends included (YYYY-MM-DD). */
export type Period = { from: string; to: string };

export type Count = { visitors: number; pageViews: number };
type Named<K extends string> = Count & Record<K, string>;

/** The figures of one period: what the command line prints and the inbox's dashboard shows. */
export type Figures = Period &
  Count & {
    pages: Named<'path'>[];
    landingPages: Named<'path'>[];
    /** The referrer's host; '' for visits with none (typed in, bookmarks, our own mails). */
    referrers: Named<'host'>[];
    campaigns: Record<UtmField, Named<'value'>[]>;
    languages: Named<'language'>[];
    sites: Named<'site'>[];
    devices: Named<'device'>[];
    /** ISO 3166 codes, from ANALYTICS_GEOIP_DB's local file; visits it knows no country of are not listed. */
    countries: Named<'country'>[];
    /** Visitors at each step; `sent` is the form messages stored as not spam in the period. */
    funnel: { visitors: number; contactViewed: number; formStarted: number; sent: number };
    /** Page requests left out, per reason: `visitors` only for the reasons judged per visitor. */
    leftOut: { reason: string; requests: number; visitors: number }[];
  };

export type AnalyticsReport = { site: string | null; current: Figures; previous: Figures };

/** The period of `days` days that ends the day before `period` starts. */
export function previousPeriod({ from, to }: Period): Period {
  const days = Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
  return { from: daysBefore(from, days), to: daysBefore(from, 1) };
}

/** Most viewed first; ties by name, so the order is the same on every run. */
const byViews = <T extends Count>(list: T[], name: (item: T) => string) =>
  list.sort((a, b) => b.pageViews - a.pageViews || b.visitors - a.visitors || name(a).localeCompare(name(b)));

/**
 * The read side of the analytics: the figures of a period (and of the one before, to compare), from the
 * daily roll-up, and for days not yet rolled up (today) from the raw rows with the roll-up's own
 * function. Counts only: it reads no personal data, so there is nothing to audit.
 */
export function analyticsFigures(db: Db) {
  const views = pageViewRepository(db);
  const daily = dailyRepository(db);
  const leads = leadRepository(db);

  async function rowsOf({ from, to }: Period, siteKey?: string): Promise<DailyRow[]> {
    const stored = await daily.rowsOf(from, to, siteKey);
    const rolled = new Set(
      stored.filter((row) => row.dimension === 'total').map((row) => `${row.day}\n${row.site_key}`),
    );
    const rows = [...stored];
    for (const { day, site_key: site } of await views.sitesByDay(from, to)) {
      if (rolled.has(`${day}\n${site}`) || (siteKey !== undefined && site !== siteKey)) continue;
      rows.push(...(await figuresOfDay(views, day, site)));
    }
    return rows;
  }

  async function figures(period: Period, siteKey?: string): Promise<Figures> {
    const rows = await rowsOf(period, siteKey);
    const tally = (dimension: string, keyOf: (row: DailyRow) => string = (row) => row.value) => {
      const counts = new Map<string, Count>();
      for (const row of rows.filter((found) => found.dimension === dimension)) {
        const count = counts.get(keyOf(row)) ?? { visitors: 0, pageViews: 0 };
        count.visitors += Number(row.visitors);
        count.pageViews += Number(row.views);
        counts.set(keyOf(row), count);
      }
      return counts;
    };
    const list = <K extends string>(name: K, counts: Map<string, Count>) =>
      byViews(
        [...counts].map(([value, count]) => ({ [name]: value, ...count }) as Named<K>),
        (item) => item[name],
      );
    const total = tally('total').get('') ?? { visitors: 0, pageViews: 0 };
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
      sites: list(
        'site',
        tally('total', (row) => row.site_key),
      ),
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
    /** The figures of `period` (default: the 30 days up to today) and of the period before it. */
    async report(period?: Partial<Period>, siteKey?: string): Promise<AnalyticsReport> {
      const to = period?.to ?? dayOf(Date.now());
      const current = { from: period?.from ?? daysBefore(to, 29), to };
      return {
        site: siteKey ?? null,
        current: await figures(current, siteKey),
        previous: await figures(previousPeriod(current), siteKey),
      };
    },
  };
}

export type AnalyticsFigures = ReturnType<typeof analyticsFigures>;
