import { CONTACT_PAGE_PATH, languages, localizedPath, utmFields } from '@site/api-contract';
import { behaviourOf } from './behaviour.js';
import type { DailyRow } from './daily-repository.js';
import type { RawView } from './page-view-repository.js';

/** The dimensions of the daily figures; `total` has the one value ''. */
export type Dimension =
  | 'total'
  | 'path'
  | 'landing'
  | 'language'
  | 'referrer'
  | 'device'
  | 'country'
  | (typeof utmFields)[number]
  | 'funnel'
  | 'left-out';

/** The funnel's step counted from page views: visitors who saw the contact page in any language. */
export const CONTACT_VIEWED = 'contact-viewed';
/** The funnel's step the contact form reports: a visitor touched its first field. */
export const FORM_STARTED = 'form-started';
const contactPaths = new Set(languages.map((language) => localizedPath(language, CONTACT_PAGE_PATH)));

type Tally = { visitors: Set<string>; views: number };

/**
 * A day's figures of one site from its raw rows: each visitor's views judged by behaviour, the people's
 * counted per dimension (unique visitors and views), the rest per reason, with the requests left out by
 * their headers. A form started counts for a person counted that day only, so each step of the funnel
 * is a part of the one before. The same function rolls a day up and gives the figures of a day not yet rolled up.
 */
export function dayFigures(
  day: string,
  siteKey: string,
  views: readonly RawView[],
  did: { assets: ReadonlySet<string>; formStarts: ReadonlySet<string> },
  leftOut: readonly { reason: string; requests: number }[],
): DailyRow[] {
  const tallies = new Map<string, Tally>();
  const add = (dimension: Dimension, value: string, visitor: string, count: number) => {
    const key = `${dimension}\n${value}`;
    const tally = tallies.get(key) ?? { visitors: new Set(), views: 0 };
    tally.visitors.add(visitor);
    tally.views += count;
    tallies.set(key, tally);
  };

  for (const visit of visitsOf(views)) {
    const { visitor } = visit[0]!;
    const reason = behaviourOf(visit, did.assets.has(visitor));
    if (reason) {
      add('left-out', reason, visitor, visit.length);
      continue;
    }
    const landing = visit[0]!;
    add('total', '', visitor, visit.length);
    add('landing', landing.path, visitor, visit.length);
    add('referrer', landing.referrer_host ?? '', visitor, visit.length);
    add('device', landing.device, visitor, visit.length);
    if (landing.country !== null) add('country', landing.country, visitor, visit.length);
    for (const field of utmFields) {
      const value = landing[field];
      if (value !== null) add(field, value, visitor, visit.length);
    }
    if (did.formStarts.has(visitor)) add('funnel', FORM_STARTED, visitor, 0);
    for (const view of visit) {
      add('path', view.path, visitor, 1);
      add('language', view.language, visitor, 1);
      if (contactPaths.has(view.path)) add('funnel', CONTACT_VIEWED, visitor, 1);
    }
  }
  const rows: DailyRow[] = [...tallies].map(([key, tally]) => {
    const [dimension = '', value = ''] = key.split('\n');
    return { day, site_key: siteKey, dimension, value, visitors: tally.visitors.size, views: tally.views };
  });
  for (const { reason, requests } of leftOut)
    rows.push({ day, site_key: siteKey, dimension: 'left-out', value: reason, visitors: 0, views: requests });
  // A day with only bots still has its total row: it marks the day as rolled up.
  if (!tallies.has('total\n'))
    rows.push({ day, site_key: siteKey, dimension: 'total', value: '', visitors: 0, views: 0 });
  return rows;
}

/** The views grouped by visitor, each group oldest first (the rows come ordered by visitor, time). */
function visitsOf(views: readonly RawView[]): RawView[][] {
  const visits: RawView[][] = [];
  for (const view of views) {
    const current = visits.at(-1);
    if (current?.[0]?.visitor === view.visitor) current.push(view);
    else visits.push([view]);
  }
  return visits;
}
