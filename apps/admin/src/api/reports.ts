import { adminEndpoints as endpoints } from '@site/api-contract/constants';
import { call } from './admin-client.ts';

export type { Report } from '@site/api-contract';

/** The range and site of a report: days (YYYY-MM-DD), both included. */
export type ReportRange = { from: string; to: string; site?: string };

export const loadReport = (range: ReportRange) => call(endpoints.reports, {}, range);

/** Where the same figures download as CSV: a plain link, as a GET needs no CSRF token. */
export const reportCsvHref = ({ from, to, site }: ReportRange) =>
  `${endpoints.exportReport.path}?${new URLSearchParams({ from, to, ...(site ? { site } : {}) })}`;
