// Summaries of a benchmark's repeated measurements.

/** The values in ascending order, as a new array. */
export const ascending = (values) => [...values].sort((a, b) => a - b);

/** The middle value (of an even count, the upper of the two middle ones). */
export const median = (values) => ascending(values)[Math.floor(values.length / 2)];

/** The nearest-rank percentile: the smallest value with at least `share` (0.99 for p99) of them at or below it. */
export const nearestRank = (values, share) => ascending(values)[Math.ceil(values.length * share) - 1];
