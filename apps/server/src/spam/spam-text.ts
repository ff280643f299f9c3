/** What the filter reads of a message: the fields a contact form carries. */
export type SpamText = { name: string; email: string; subject: string; body: string };

/** Longer texts (only mails being learnt from can be) are read this far. */
const MAX_TEXT_CHARS = 50_000;
/** A message's distinct tokens beyond these add nothing the first ones have not said. */
const MAX_TOKENS = 3_000;
const MAX_WORD_CHARS = 30;

const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
const urlPattern = /\bhttps?:\/\/[^\s<>"'\])]+|\bwww\.[^\s<>"'\])]+/giu;

/** The words of a text, lower-case, in any script (Intl.Segmenter knows where Greek or Thai words end). */
export function words(text: string): string[] {
  const found: string[] = [];
  for (const segment of segmenter.segment(text.slice(0, MAX_TEXT_CHARS).normalize('NFKC').toLowerCase()))
    if (segment.isWordLike) found.push(segment.segment);
  return found;
}

/** The links in a text, as written. */
export const links = (text: string): string[] => text.match(urlPattern) ?? [];

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
 * The distinct tokens the classifier counts: the words of the body, the subject's words and the name's
 * marked as such, the sender's domain, and each link's host.
 */
export function messageTokens({ name, email, subject, body }: SpamText): string[] {
  const tokens = new Set<string>([`from:${domainOf(email)}`]);
  const add = (prefix: string, list: readonly string[]) => {
    for (const word of list) {
      if (tokens.size >= MAX_TOKENS) return;
      if (word.length > 1 || /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u.test(word))
        tokens.add(token(prefix, word));
    }
  };
  add('subject:', words(subject));
  add('name:', words(name));
  add(
    'host:',
    links(body).flatMap((link) => hostOf(link) ?? []),
  );
  add('', words(body));
  return [...tokens];
}
