/**
 * A search as the operator typed it, made into each database's full-text query (decision 025): every
 * word must be found, as a word or the start of one; a word with punctuation in it (an e-mail address,
 * O'Brien, a hyphenated name) is its letters and digits in that order. Only letters and digits reach the
 * query, each quoted, so nothing typed is search syntax.
 */

/** The words of `search`, each the runs of letters and digits FTS5 and PostgreSQL split it into too. */
export const searchWords = (search: string): string[][] =>
  search
    .normalize('NFC')
    .split(/\s+/u)
    .map((word) => word.match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((tokens) => tokens.length > 0);

/** FTS5: each word a phrase whose last token is a prefix; phrases side by side must all match. */
export const fts5Query = (words: string[][]) => words.map((tokens) => `"${tokens.join(' ')}"*`).join(' ');

/** PostgreSQL's tsquery of the same: tokens followed by each other, the last one a prefix. */
export const tsQuery = (words: string[][]) =>
  words.map((tokens) => tokens.map((token) => `'${token}'`).join(' <-> ') + ':*').join(' & ');
