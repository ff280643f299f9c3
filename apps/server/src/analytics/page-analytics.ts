import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { analyticsRetention } from './analytics-retention.js';
import { dailyRepository } from './daily-repository.js';
import { pageViewBuffer } from './page-view-buffer.js';
import { pageViewRepository } from './page-view-repository.js';
import { saltRepository } from './salt-repository.js';
import { visitSourceFinder } from './visit-source.js';

type Settings = {
  siteKey: string;
  ownHosts: readonly string[];
  flushMs: number;
  /** ANALYTICS_RETENTION_DAYS: days the daily figures are kept; unset keeps them. */
  dailyDays?: number;
  /** The country of an address, from ANALYTICS_GEOIP_DB's local file (country-database.ts); unset: none. */
  countryOf?: (ip: string) => string | null;
  log: FastifyBaseLogger;
};

/** The counting of served pages (decision 066): the counter the site tells, and the daily retention run. */
export function pageAnalytics(db: Db, { siteKey, ownHosts, flushMs, dailyDays, countryOf, log }: Settings) {
  const salts = saltRepository(db);
  const views = pageViewRepository(db);
  return {
    counter: pageViewBuffer({ siteKey, ownHosts, flushMs, salts, views, log, countryOf }),
    retention: analyticsRetention({ views, daily: dailyRepository(db), salts }, dailyDays),
    visitSource: visitSourceFinder(siteKey, { salts, views }),
  };
}
