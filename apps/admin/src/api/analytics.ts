import { adminEndpoints as endpoints } from '@site/api-contract/constants';
import { call } from './admin-client.ts';

export type { AnalyticsFigures, AnalyticsReport, SeriesBucket } from '@site/api-contract';

/** What the dashboard asks for: UTC days, both included, and one site key or all. */
export type AnalyticsQuery = { from: string; to: string; site?: string };

export const loadAnalytics = (query: AnalyticsQuery) => call(endpoints.analytics, {}, query);
