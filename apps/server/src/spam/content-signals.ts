import type { SpamReason } from '@site/api-contract';
import { reasonFor } from './reasons.js';
import { hostOf, linkPattern, links, type SpamText } from './spam-text.js';

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

/** BBCode links and formatting, and HTML tags: a plain-text form never needs them, forum bots paste them. */
const bbCode = /\[(?:url|link|img|b|i|u|color|size|font|quote)(?:=[^\]]*)?\]/iu;
const htmlTag = /<\/?(?:a|img|p|br|div|span|strong|b|i|u|font|table|iframe|script|style|h[1-6])\b[^>]*>/iu;
/** Letters stretched ("soooooo") or shouting punctuation ("!!!!", "$$$$"); separator lines (-----) are normal. */
const characterRun = /(\p{L})\1{5,}|([!?$€])\2{3,}/u;
/** Ten empty lines in a row: filler that pushes an appended string out of sight. */
const padding = /(?:\r?\n[ \t]*){11,}/u;
/**
 * A long Latin "word" with six consonants in a row: random letters appended to make each copy differ
 * (a hash buster); no English or Greek word, and no Latin-script name, has such a run.
 */
const randomLetters =
  /(?<![\p{L}\p{N}])(?=[\p{Script=Latin}]{12,}(?![\p{L}\p{N}]))[\p{Script=Latin}]*[bcdfghjklmnpqrstvwxz]{6}/iu;
/** Characters that show nothing (zero-width, word joiner, soft hyphen, direction overrides): filter dodging. */
const hiddenCharacters = /[\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/gu;

function linkSignals(text: string): SpamReason[] {
  const found = links(text);
  const reasons: SpamReason[] = [];
  const linkedChars = found.reduce((sum, link) => sum + link.length, 0);
  const density = text.length === 0 ? 0 : linkedChars / text.length;
  if (found.length >= 10 || (found.length >= 2 && density > 0.5))
    reasons.push(
      reasonFor('links', 2.5, `${found.length} links, ${Math.round(density * 100)} % of the text`),
    );
  else if (found.length >= 3) reasons.push(reasonFor('links', 1.5, `${found.length} links`));
  const short = [...new Set(found.flatMap((link) => hostOf(link) ?? []))].filter((host) =>
    shorteners.has(host.replace(/^www\./u, '')),
  );
  if (short.length > 0)
    reasons.push(reasonFor('link-shortener', 2, `links hidden behind ${short.join(', ')}`));
  return reasons;
}

/** How many letters a text has, and how many of them are in none of `scripts`. */
function foreignShare(text: string, scripts: RegExp): { letters: number; foreign: number } {
  const letters = text.match(/\p{L}/gu)?.length ?? 0;
  return { letters, foreign: letters - (text.match(scripts)?.length ?? 0) };
}

/** ISO 15924 script codes as Unicode property names know them, e.g. Latn, Grek. */
export const scriptsOf = (languages: readonly string[]) => [
  ...new Set(['Latn', ...languages.map((language) => new Intl.Locale(language).maximize().script ?? 'Latn')]),
];

/** A pattern that finds the letters of the site's scripts (compiled once: Unicode properties cost). */
export const scriptPattern = (siteScripts: readonly string[]) =>
  new RegExp(`[${siteScripts.map((script) => `\\p{Script=${script}}`).join('')}]`, 'gu');

/** What the text of a message says about it, whoever sent it: links, markup, scripts, odd characters. */
export function contentSignals(message: SpamText, siteScripts: RegExp): SpamReason[] {
  const text = `${message.subject}\n${message.body}`;
  const reasons = linkSignals(text);
  if (bbCode.test(text) || htmlTag.test(text))
    reasons.push(reasonFor('markup', 2.5, 'BBCode or HTML markup in a plain-text form'));

  const { letters, foreign } = foreignShare(text.slice(0, 5_000), siteScripts);
  if (letters >= 20 && foreign / letters > 0.5)
    reasons.push(
      reasonFor(
        'foreign-script',
        2.5,
        `${Math.round((foreign / letters) * 100)} % of the letters are in a script the site is not written in`,
      ),
    );
  if (padding.test(message.body)) reasons.push(reasonFor('padding', 2.5, 'ten or more empty lines in a row'));
  if (randomLetters.test(text.replace(linkPattern, ' ')))
    reasons.push(
      reasonFor('random-letters', 2.5, 'a long string of random letters, as added to dodge filters'),
    );
  if (characterRun.test(text))
    reasons.push(reasonFor('repeated-characters', 1, 'a character repeated many times'));
  const hidden = text.match(hiddenCharacters)?.length ?? 0;
  if (hidden > 0) reasons.push(reasonFor('hidden-characters', 1.5, `${hidden} invisible character(s)`));
  return reasons;
}
