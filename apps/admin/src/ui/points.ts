/** The spam filter's points as the inbox writes them (the server gives them to one decimal). */

const number = new Intl.NumberFormat('en', { maximumFractionDigits: 1 });
const signed = new Intl.NumberFormat('en', { maximumFractionDigits: 1, signDisplay: 'exceptZero' });
// A true minus sign: a hyphen reads as a dash, and is narrower than the plus it lines up with.
const withMinus = (text: string) => text.replace('-', '\u2212');

/** A reason's points with their sign: +4, −3, 0. */
export const signedPoints = (points: number) => withMinus(signed.format(points));

/** Points in words: 7.5 points, 1 point. */
export const pointsText = (points: number) =>
  `${withMinus(number.format(points))} ${Math.abs(points) === 1 ? 'point' : 'points'}`;
