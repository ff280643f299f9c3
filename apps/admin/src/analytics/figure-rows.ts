import type { BarRow } from '../charts/bar-chart.tsx';

/** How many of each list the dashboard shows: the most viewed. */
export const TOP = 10;

/**
 * The first TOP items of a list as chart rows, each with its figure in the period before (0 when it was
 * not there), found by its name.
 */
export function barRows<T>(
  now: readonly T[],
  before: readonly T[],
  nameOf: (item: T) => string,
  valueOf: (item: T) => number,
  labelOf: (name: string) => string = (name) => name,
): BarRow[] {
  const previous = new Map(before.map((item) => [nameOf(item), valueOf(item)]));
  return now.slice(0, TOP).map((item) => ({
    label: labelOf(nameOf(item)),
    value: valueOf(item),
    previous: previous.get(nameOf(item)) ?? 0,
  }));
}
