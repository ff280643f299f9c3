import { type Reason, reasonFor } from './reasons.js';
import { hostsOf, linkPattern, links, readPart, type SpamText } from './spam-text.js';

/** Well-known public link shorteners, which hide where a link goes. */
const shorteners = new Set([
  'bit.ly',
  'bitly.com',
  'tinyurl.com',
  't.co',
  'goo.gl',
  'ow.ly',
  'is.gd',
  'v.gd',
  'buff.ly',
  'rebrand.ly',
  'cutt.ly',
  'shorturl.at',
  'tiny.cc',
  'rb.gy',
  'bl.ink',
  't.ly',
  's.id',
  'clck.ru',
  'adf.ly',
  'shorte.st',
  'bc.vc',
  'qr.ae',
  'x.co',
  'lnkd.in',
  'soo.gd',
  'tr.im',
  'short.io',
  'tiny.one',
  'u.to',
  'surl.li',
]);

/**
 * BBCode links and formatting, and HTML tags: a plain-text form never needs them, forum bots paste them.
 * A tag's inside stops at the next bracket of either kind, so a tag left open is read to the next one
 * only, not to the end of the text from each of them (which took 0.1 s for 20,000 characters of `<a `).
 */
const bbCode = /\[(?:url|link|img|b|i|u|color|size|font|quote)(?:=[^[\]]*)?\]/iu;
const htmlTag = /<\/?(?:a|img|p|br|div|span|strong|b|i|u|font|table|iframe|script|style|h[1-6])\b[^<>]*>/iu;
/** Ten empty lines in a row: filler that pushes an appended string out of sight. */
const padding = /(?:\r?\n[ \t]*){11,}/u;
const sixConsonants = /[bcdfghjklmnpqrstvwxz]{6}/gi;
const latinLetter = /\p{Script=Latin}/u;
/** Whether the code unit at `index` is a Latin letter: in ASCII, A to Z either case, without a pattern. */
function isLatinLetter(text: string, index: number): boolean {
  const unit = text.charCodeAt(index);
  if (unit < 0x80) return (unit | 0x20) >= 0x61 && (unit | 0x20) <= 0x7a;
  return latinLetter.test(text[index]!);
}
const afterLetterOrDigit = /(?<=[\p{L}\p{N}])/uy;
const letterOrDigit = /[\p{L}\p{N}]/uy;

/**
 * A long Latin "word" (12 letters or more) with six consonants in a row: random letters appended to make
 * each copy differ (a hash buster); no English or Greek word, and no Latin-script name, has such a run.
 * Read outwards from each run of consonants, which one plain pattern finds, so that a long text costs
 * little (one Unicode pattern over all of it cost 0.6 ms).
 */
function hasRandomLetters(text: string): boolean {
  // Each word is read once, not once for each run of six it holds: the next run is looked for from the
  // end of the word read last (no run reaches past it, since a run is Latin letters).
  sixConsonants.lastIndex = 0;
  for (let run = sixConsonants.exec(text); run; run = sixConsonants.exec(text)) {
    let start = run.index;
    let end = start + 6;
    while (start > 0 && isLatinLetter(text, start - 1)) start--;
    while (end < text.length && isLatinLetter(text, end)) end++;
    afterLetterOrDigit.lastIndex = start;
    letterOrDigit.lastIndex = end;
    if (end - start >= 12 && !afterLetterOrDigit.test(text) && !letterOrDigit.test(text)) return true;
    sixConsonants.lastIndex = end;
  }
  return false;
}

/** Characters that show nothing (zero-width, word joiner, soft hyphen, direction overrides): filter dodging. */
const hiddenCharacters = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

/**
 * Links through a public shortener. How many links a message has is no signal of its own: the classifier
 * learns it (`shape:links:N`, spam-text.ts), and the points a count of three or ten links once added
 * cost more real mail than they caught spam (decision 063).
 */
function linkSignals(found: readonly string[]): Reason[] {
  const short = [...new Set(hostsOf(found))].filter((host) => shorteners.has(host.replace(/^www\./u, '')));
  return short.length > 0 ? [reasonFor('link-shortener', 2, short.join(', '))] : [];
}

/** Any character past Latin's first blocks, or µ (the one letter before them that is not Latin). */
// eslint-disable-next-line no-control-regex -- the range starts at the first code unit
const pastLatin = /[^\x00-\xb4\xb6-\u024f]/;

/**
 * The share (0 to 1) of a text's letters that are in none of `scripts` (Latin is always one, see
 * scriptsOf); 0 for fewer than 20 letters. A text of Latin letters, digits and ASCII punctuation alone
 * (most are) has none: the Unicode patterns, which cost far more, read only the others.
 */
function foreignShare(text: string, scripts: RegExp): number {
  if (!pastLatin.test(text)) return 0;
  const letters = text.replace(/\P{L}+/gu, '');
  return letters.length < 20 ? 0 : letters.replace(scripts, '').length / letters.length;
}

/** ISO 15924 script codes as Unicode property names know them, e.g. Latn, Grek. */
export const scriptsOf = (languages: readonly string[]) => [
  ...new Set(['Latn', ...languages.map((language) => new Intl.Locale(language).maximize().script ?? 'Latn')]),
];

/** A pattern that finds runs of letters in the site's scripts (compiled once: Unicode properties cost). */
export const scriptPattern = (siteScripts: readonly string[]) =>
  new RegExp(`[${siteScripts.map((script) => `\\p{Script=${script}}`).join('')}]+`, 'gu');

/**
 * What every content signal needs at least one of: the start of a link, markup's `<` or `[`, a character
 * past ASCII, six consonants in a row, eleven line breaks. An ordinary message has none, and one test of
 * this pattern answers it instead of one test a signal.
 */
const worthReading =
  // eslint-disable-next-line no-control-regex -- the range starts at the first code unit
  /https?:|www\.|[<[]|[^\x00-\x7f]|[bcdfghjklmnpqrstvwxz]{6}|(?:\r?\n[ \t]*){11}/i;

/**
 * What the text of a message says about it, whoever sent it: links, markup, scripts, odd characters; in
 * as much of it as the filter reads.
 */
export function contentSignals(message: SpamText, siteScripts: RegExp): Reason[] {
  const text = readPart(`${message.subject}\n${message.body}`);
  return worthReading.test(text) ? readContent(message, text, siteScripts) : [];
}

/** Each content signal, on a text worthReading found something in. */
export function readContent(message: SpamText, text: string, siteScripts: RegExp): Reason[] {
  const found = links(text);
  const reasons = linkSignals(found);
  if (bbCode.test(text) || htmlTag.test(text)) reasons.push(reasonFor('markup', 2.5));

  const foreign = foreignShare(text.slice(0, 5_000), siteScripts);
  if (foreign > 0.5) reasons.push(reasonFor('foreign-script', 2.5, Math.round(foreign * 100)));
  if (padding.test(readPart(message.body))) reasons.push(reasonFor('padding', 2.5));
  if (hasRandomLetters(found.length > 0 ? text.replace(linkPattern, ' ') : text))
    reasons.push(reasonFor('random-letters', 2.5));
  const hidden = text.match(hiddenCharacters)?.length ?? 0;
  if (hidden > 0) reasons.push(reasonFor('hidden-characters', 1.5, hidden));
  return reasons;
}
