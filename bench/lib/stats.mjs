// Summaries of a benchmark's repeated measurements.

/** The values in ascending order, as a new array. */
export const ascending = (values) => [...values].sort((a, b) => a - b);

/** The middle value (of an even count, the upper of the two middle ones). */
export const median = (values) => ascending(values)[Math.floor(values.length / 2)];
