import { getDomain } from 'tldts';

/** What the filter reads of a message: the fields a contact form carries. */
export type SpamText = { name: string; email: string; subject: string; body: string };

/**
 * Longer texts (only mails can be) are read this far, by the words and by every other signal alike: what
 * a signal costs then has a bound, whatever the length of a mail.
 */
const MAX_TEXT_CHARS = 50_000;
/** A message's distinct tokens beyond these add nothing the first ones have not said. */
const MAX_TOKENS = 1_000;
/**
 * The classifier reads the words (and the capital words) of this much of a body, in learning and in judging alike: some 1,600 words of English, more than nearly every real message has. It bounds
 * the segmenter's time, which is longest for Chinese or Thai (it looks words up in dictionaries): 4 ms for
 * 20,000 characters. The links' sites, and the other signals, are read as far as readPart reads.
 */
const CLASSIFIED_BODY_CHARS = 10_000;
const MAX_WORD_CHARS = 30;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
/** A link as people paste them: with its scheme, or starting www. */
export const linkPattern = /\bhttps?:\/\/[^\s<>"'\])]+|\bwww\.[^\s<>"'\])]+/giu;

/** Anything past ASCII, which alone NFKC leaves as it is. */
// eslint-disable-next-line no-control-regex -- the range starts at the first code unit
const pastAscii = /[^\x00-\x7f]/;

/** As much of a text as the filter reads. */
export const readPart = (text: string) => text.slice(0, MAX_TEXT_CHARS);

/** A text in NFKC form (compatibility letters folded: ﬁ, fullwidth Ａ), lower-case, as far as the filter reads. */
export function normalText(text: string): string {
  const read = readPart(text);
  return (pastAscii.test(read) ? read.normalize('NFKC') : read).toLowerCase();
}

/** Single letters that are words: a Chinese or Japanese character often is one. */
const letterWord = /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u;

/**
 * ASCII whitespace, and the ASCII punctuation that is never part of a word (all but " ' , . : ; _):
 * Unicode's word boundaries (UAX #29) always break on both sides of these, and what follows one is read
 * as after a space. Text made of such marks ("&&&&", "<a <a <a") then costs the segmenter nothing.
 */
const SEPARATORS = '\t\n\r !#$%&()*+/<=>?@[\\]^`{|}~-';
/**
 * Punctuation that ends a word before or after it ("end.", "hello,") and joins it to nothing but a letter
 * or digit on its other side: a piece between separators that is one word of ASCII letters and digits
 * with these around it is exactly that word to the segmenter.
 */
const WORD_EDGES = `"',.:;`;
const LETTERS_AND_DIGITS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

const SEPARATOR = 1;
const WORD_EDGE = 2;
const LETTER_OR_DIGIT = 3;
/** What each ASCII code unit is to a piece; every other unit is none of them. */
const asciiKinds = new Uint8Array(0x80);
for (const [units, kind] of [
  [SEPARATORS, SEPARATOR],
  [WORD_EDGES, WORD_EDGE],
  [LETTERS_AND_DIGITS, LETTER_OR_DIGIT],
] as const)
  for (const unit of units) asciiKinds[unit.charCodeAt(0)] = kind;

function kindAt(text: string, index: number): number {
  const unit = text.charCodeAt(index);
  return unit < 0x80 ? asciiKinds[unit]! : 0;
}

/** Where the next piece starts at or after `from`: past a run of separators. */
function pieceStart(text: string, from: number): number {
  while (from < text.length && kindAt(text, from) === SEPARATOR) from++;
  return from;
}

/** Where the piece that starts at `start` ends: at the next separator or the text's end. */
function pieceEnd(text: string, start: number): number {
  let end = start;
  while (end < text.length && kindAt(text, end) !== SEPARATOR) end++;
  return end;
}

/** Where a piece's word starts: past the word edges before it. */
function wordStart(text: string, start: number, end: number): number {
  while (start < end && kindAt(text, start) === WORD_EDGE) start++;
  return start;
}

/** Where a piece's word ends: before the word edges after it. */
function wordEnd(text: string, start: number, end: number): number {
  while (end > start && kindAt(text, end - 1) === WORD_EDGE) end--;
  return end;
}

/** Whether a piece's word (its edges taken off) is plain: one or more ASCII letters and digits. */
function isPlainWord(text: string, start: number, end: number): boolean {
  if (start === end) return false;
  for (let index = start; index < end; index++) if (kindAt(text, index) !== LETTER_OR_DIGIT) return false;
  return true;
}

const wordOf = ({ segment, isWordLike }: Intl.SegmentData) =>
  isWordLike && (segment.length > 1 || letterWord.test(segment)) ? segment : undefined;

/**
 * The words of a normalised text, in any script (Intl.Segmenter knows where Greek or Thai words end), as
 * they are asked for: a reader that has enough stops there. Single characters other than letterWord's
 * are left out. The pieces between separators that are plain ASCII words (most of an English text) are
 * taken as they are; all the others go through one segmenter pass, side by side with a space between
 * them, which gives the words the segmenter gives for the whole text (spam-text.test.ts compares them)
 * at a third of its time. The pieces are read unit by unit, twice (first to gather the segmenter's,
 * then in order), so that no string is made of a piece that is not a word: a 10,000-character body
 * made 226 kB of pieces and their lists, now 133 kB (decision 081).
 */
export function* words(normal: string): Generator<string> {
  const others: string[] = [];
  for (let start = pieceStart(normal, 0), end = 0; start < normal.length; start = pieceStart(normal, end)) {
    end = pieceEnd(normal, start);
    const first = wordStart(normal, start, end);
    if (!isPlainWord(normal, first, wordEnd(normal, first, end))) others.push(normal.slice(start, end));
  }
  const segments = others.length === 0 ? undefined : segmenter.segment(others.join(' '))[Symbol.iterator]();
  let next = segments?.next();
  let read = 0;
  for (let start = pieceStart(normal, 0), end = 0; start < normal.length; start = pieceStart(normal, end)) {
    end = pieceEnd(normal, start);
    const first = wordStart(normal, start, end);
    const last = wordEnd(normal, first, end);
    if (isPlainWord(normal, first, last)) {
      if (last - first > 1) yield normal.slice(first, last);
      continue;
    }
    read += end - start + 1;
    for (; next && !next.done && next.value.index < read; next = segments!.next()) {
      const found = wordOf(next.value);
      if (found !== undefined) yield found;
    }
  }
}

/** The links in a text, as written. */
export const links = (text: string): string[] => text.match(linkPattern) ?? [];

/** A link's host name, lower-case, or undefined when it has none that parses. */
function hostOf(link: string): string | undefined {
  const url = URL.parse(/^https?:/i.test(link) ? link : `http://${link}`);
  return url?.hostname.toLowerCase() || undefined;
}

/** The host names of the distinct links among `found`: a link written many times is parsed once. */
export const hostsOf = (found: readonly string[]): string[] =>
  [...new Set(found)].flatMap((link) => hostOf(link) ?? []);

/** The domain of an e-mail address, lower-case. */
export const lowerCaseDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The site a host name belongs to, by the Public Suffix List (tldts): mail.shop.example is shop.example,
 * www.shop.co.uk shop.co.uk; a host with no registrable domain (an IP address, localhost) is its own. A
 * spammer's hosts change with every campaign, the site they belong to less often.
 */
export const siteOf = (host: string) => getDomain(host) ?? host;

/** Words of three or more letters written in capitals (FREE, ACT NOW): shouting, which lower-casing hides. */
const capitalWord = /\b[A-Z]{3,}\b/g;
/** The capital words of a body counted at most: a text in capitals says so in its first ones. */
const MAX_CAPITAL_WORDS = 50;

/** A word as a token: long ones (hashes, base64, glued-together spam) only by first letter and length. */
const token = (prefix: string, word: string) =>
  word.length > MAX_WORD_CHARS
    ? `${prefix}long:${word[0]}${Math.floor(word.length / 10)}`
    : `${prefix}${word}`;

/**
 * What a message looks like rather than what it says, as tokens the classifier weighs like words:
 * length, padding, links to bare addresses or numbered ones, gaps and shouting in the subject, the sender's
 * address made of digits. Each is learnt, not scored by hand.
 */
function shapeTokens({ email, subject, body }: SpamText, bodyLinks: readonly string[]): string[] {
  const shape: string[] = [`shape:length:${Math.round(Math.log2(body.length + 1))}`];
  const readSubject = readPart(subject);
  shape.push(`shape:links:${Math.min(bodyLinks.length, 5)}`);
  if (bodyLinks.some((link) => /^(?:https?:\/\/)?\d{1,3}(?:\.\d{1,3}){3}\b/iu.test(link)))
    shape.push('shape:ip-link');
  // A parameter's name stops at the next ? or &: a query of them alone is read once, not from each of
  // them to its end (0.3 s for a link of 20,000 characters).
  if (bodyLinks.some((link) => /[?&][^=?&]*=\d+/u.test(link))) shape.push('shape:numbered-link');
  if (/(?:\r?\n[ \t]*){8,}/u.test(readPart(body))) shape.push('shape:blank-lines');
  if (/\S {4,}\S/u.test(readSubject)) shape.push('shape:subject-gap');
  const letters = readSubject.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 8 && letters === letters.toUpperCase() && letters !== letters.toLowerCase())
    shape.push('shape:subject-capitals');
  const local = email.slice(0, email.lastIndexOf('@'));
  if (/\d/u.test(local)) shape.push('shape:from-digits');
  if (local !== local.toLowerCase()) shape.push('shape:from-capitals');
  return shape;
}

/**
 * The distinct tokens the classifier counts: the words of the body (its links' addresses among them),
 * the subject's words marked as such, the sender's domain and site, each link's site, the words written
 * in capitals, and the message's shape. The sender's name, the links' full host names and their
 * addresses' words marked apart added nothing in cross-validation (bench:spam-cv): they are not read.
 */
export function messageTokens(message: SpamText, normalBody = normalText(message.body)): string[] {
  const { email, subject, body } = message;
  const bodyLinks = links(readPart(body));
  const senderDomain = lowerCaseDomain(email);
  const tokens = new Set<string>([
    `from:${senderDomain}`,
    `from-site:${siteOf(senderDomain)}`,
    ...shapeTokens(message, bodyLinks),
  ]);
  const add = (prefix: string, list: Iterable<string>) => {
    for (const word of list) {
      if (tokens.size >= MAX_TOKENS) return;
      tokens.add(token(prefix, word));
    }
  };
  add('subject:', words(normalText(subject)));
  add('site:', hostsOf(bodyLinks).map(siteOf));
  const capitals = (text: string) => (text.match(capitalWord) ?? []).map((word) => word.toLowerCase());
  add('subject-caps:', capitals(readPart(subject)));
  add('caps:', capitals(readPart(body).slice(0, CLASSIFIED_BODY_CHARS)).slice(0, MAX_CAPITAL_WORDS));
  add('', words(normalBody.slice(0, CLASSIFIED_BODY_CHARS)));
  return [...tokens];
}
