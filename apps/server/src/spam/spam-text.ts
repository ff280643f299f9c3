/** What the filter reads of a message: the fields a contact form carries. */
export type SpamText = { name: string; email: string; subject: string; body: string };

/** Longer texts (only mails being learnt from can be) are read this far. */
const MAX_TEXT_CHARS = 50_000;
/** A message's distinct tokens beyond these add nothing the first ones have not said. */
const MAX_TOKENS = 1_000;
const MAX_WORD_CHARS = 30;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
/** A link as people paste them: with its scheme, or starting www. */
export const linkPattern = /\bhttps?:\/\/[^\s<>"'\])]+|\bwww\.[^\s<>"'\])]+/giu;

let lastText = '';
let lastNormal = '';
/**
 * A text in NFKC form (compatibility letters folded: ﬁ, fullwidth Ａ), lower-case, as far as the filter
 * reads. The last one is kept: the words and the fingerprint of one message read the same body.
 */
export function normalText(text: string): string {
  if (text !== lastText) {
    lastText = text;
    lastNormal = text.slice(0, MAX_TEXT_CHARS).normalize('NFKC').toLowerCase();
  }
  return lastNormal;
}

/**
 * The words of a text, lower-case, in any script (Intl.Segmenter knows where Greek or Thai words end),
 * as they are asked for: a reader that has enough stops the segmenter there.
 */
export function* words(text: string): Generator<string> {
  for (const segment of segmenter.segment(normalText(text))) if (segment.isWordLike) yield segment.segment;
}

/** The links in a text, as written. */
export const links = (text: string): string[] => text.match(linkPattern) ?? [];

/** A link's host name, lower-case, or undefined when it has none that parses. */
export function hostOf(link: string): string | undefined {
  const url = URL.parse(/^https?:/i.test(link) ? link : `http://${link}`);
  return url?.hostname.toLowerCase() || undefined;
}

/** The domain of an e-mail address, lower-case. */
export const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

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
function shapeTokens({ email, subject, body }: SpamText): string[] {
  const shape: string[] = [`shape:length:${Math.round(Math.log2(body.length + 1))}`];
  const bodyLinks = links(body);
  shape.push(`shape:links:${Math.min(bodyLinks.length, 5)}`);
  if (bodyLinks.some((link) => /^(?:https?:\/\/)?\d{1,3}(?:\.\d{1,3}){3}\b/iu.test(link)))
    shape.push('shape:ip-link');
  if (bodyLinks.some((link) => /[?&][^=]*=\d+/u.test(link))) shape.push('shape:numbered-link');
  if (/(?:\r?\n[ \t]*){8,}/u.test(body)) shape.push('shape:blank-lines');
  if (/\S {4,}\S/u.test(subject)) shape.push('shape:subject-gap');
  const letters = subject.replace(/[^\p{L}]/gu, '');
  if (letters.length >= 8 && letters === letters.toUpperCase() && letters !== letters.toLowerCase())
    shape.push('shape:subject-capitals');
  const local = email.slice(0, email.lastIndexOf('@'));
  if (/\d/u.test(local)) shape.push('shape:from-digits');
  if (local !== local.toLowerCase()) shape.push('shape:from-capitals');
  return shape;
}

/**
 * The distinct tokens the classifier counts: the words of the body, the subject's words and the name's
 * marked as such, the sender's domain, each link's host and the words of its address, and the
 * message's shape.
 */
export function messageTokens(message: SpamText): string[] {
  const { name, email, subject, body } = message;
  const tokens = new Set<string>([`from:${domainOf(email)}`, ...shapeTokens(message)]);
  const add = (prefix: string, list: Iterable<string>) => {
    for (const word of list) {
      if (tokens.size >= MAX_TOKENS) return;
      if (word.length > 1 || /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u.test(word))
        tokens.add(token(prefix, word));
    }
  };
  add('subject:', words(subject));
  add('name:', words(name));
  const bodyLinks = links(body);
  add(
    'host:',
    bodyLinks.flatMap((link) => hostOf(link) ?? []),
  );
  add(
    'url:',
    bodyLinks.flatMap((link) => [...words(link.replace(/^https?:\/\/|^www\./iu, ''))]),
  );
  add('', words(body));
  return [...tokens];
}
