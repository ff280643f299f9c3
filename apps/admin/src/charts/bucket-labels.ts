import type { SeriesBucket } from '@site/api-contract';

/** The heading of a series' points on a chart's table: each point is labelled by its first day. */
export const bucketLabels: Record<SeriesBucket, string> = {
  day: 'Day',
  week: 'Week from',
  month: 'Month from',
};
