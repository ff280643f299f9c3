import type { VisitSource } from '@site/api-contract';
import type { VisitSourceColumns } from '../db/types.js';
import { dayOf } from './analytics-day.js';
import type { PageViewRepository } from './page-view-repository.js';
import type { SaltRepository } from './salt-repository.js';
import { newSalt, visitorHash } from './visitor-hash.js';

/** The message columns of a visit source, in the order the export gives them. */
export const visitSourceColumns = [
  'visit_landing_path',
  'visit_referrer_host',
  'visit_utm_source',
  'visit_utm_medium',
  'visit_utm_campaign',
  'visit_utm_term',
  'visit_utm_content',
  'visit_language',
] as const satisfies readonly (keyof VisitSourceColumns)[];

/** A message's visit source as the inbox, `show` and the webhook events give it. */
export const visitSourceView = (row: VisitSourceColumns): VisitSource =>
  row.visit_landing_path === null || row.visit_language === null
    ? null
    : {
        landingPage: row.visit_landing_path,
        referrerHost: row.visit_referrer_host,
        utmSource: row.visit_utm_source,
        utmMedium: row.visit_utm_medium,
        utmCampaign: row.visit_utm_campaign,
        utmTerm: row.visit_utm_term,
        utmContent: row.visit_utm_content,
        language: row.visit_language,
      };

/** Finds the visit a message came from, by the request that posted it; undefined when none. */
export type FindVisitSource = (ip: string, userAgent: string) => Promise<VisitSourceColumns | undefined>;

/**
 * The sender's first page view of today on our site, by today's visitor hash of the posting request
 * (the same address, agent and site as the views): no cookie, and nothing after the day is over. A view
 * still in an instance's buffer (the last second) is not found.
 */
export function visitSourceFinder(
  siteKey: string,
  { salts, views }: { salts: SaltRepository; views: PageViewRepository },
  now: () => number = Date.now,
): FindVisitSource {
  return async (ip, userAgent) => {
    const day = dayOf(now());
    const salt = await salts.saltOf(day, newSalt());
    const first = await views.firstViewOf(
      day,
      siteKey,
      visitorHash(salt, ip, userAgent.slice(0, 1_000), siteKey),
    );
    if (!first) return undefined;
    return {
      visit_landing_path: first.path,
      visit_referrer_host: first.referrer_host,
      visit_utm_source: first.utm_source,
      visit_utm_medium: first.utm_medium,
      visit_utm_campaign: first.utm_campaign,
      visit_utm_term: first.utm_term,
      visit_utm_content: first.utm_content,
      visit_language: first.language,
    };
  };
}
