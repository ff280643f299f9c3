/** How the charts write and scale their figures; the same text in the drawing's name and in its table. */

const whole = new Intl.NumberFormat('en', { maximumFractionDigits: 0 });
const percent = new Intl.NumberFormat('en', { maximumFractionDigits: 0, signDisplay: 'exceptZero' });
// A true minus sign: a hyphen reads as a dash, and is narrower than the plus it lines up with.
const withMinus = (text: string) => text.replace('-', '\u2212');

/** A count as the inbox writes it: 12,345. */
export const countText = (value: number) => whole.format(value);

/** The change from the previous period: +12 %, −5 %, 0 %, or "new" when there was nothing before. */
export function changeText(value: number, previous: number): string {
  if (previous === 0) return value === 0 ? '0 %' : 'new';
  return `${withMinus(percent.format(((value - previous) / previous) * 100))} %`;
}

/**
 * The top of a chart's scale: the largest figure rounded up to 1, 2 or 5 times a power of ten, so the
 * bars keep their proportions and the scale's label is a round number. 1 when every figure is 0.
 */
export function scaleTop(values: readonly number[]): number {
  const largest = Math.max(0, ...values);
  if (largest <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(largest));
  const step = [1, 2, 5, 10].find((factor) => factor * power >= largest)!;
  return step * power;
}

/** A figure's share of the scale, in per cent, for a bar's length or a column's height. */
export const shareOf = (value: number, top: number) => Math.max(0, Math.min(100, (value / top) * 100));
