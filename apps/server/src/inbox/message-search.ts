import { COMPOUND_TOKENS } from '../db/search-index.js';

/**
 * A search as the operator typed it, made into each database's full-text query (decisions 025 and 027):
 * every word must be found, as a word or the start of one; a word with punctuation in it (an e-mail
 * address, O'Brien, a hyphenated name) is its letters and digits in that order. Only letters and digits
 * reach the query, each quoted, so nothing typed is search syntax.
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

/** PostgreSQL: the words of one token, each a prefix, for `to_tsquery`; undefined when there are none. */
export const prefixQuery = (words: string[][]) => {
  const single = words.filter((tokens) => tokens.length === 1);
  return single.length === 0 ? undefined : single.map(([token]) => `'${token}':*`).join(' & ');
};

/**
 * PostgreSQL: each word of several tokens as the compounds its index holds (search-index.ts): its tokens
 * joined by '.', COMPOUND_TOKENS at most, from the first one on and again from each window's last one,
 * so every compound starts where one of the word's lexemes does.
 */
export const compoundQueries = (words: string[][]) =>
  words
    .filter((tokens) => tokens.length > 1)
    .flatMap((tokens) => {
      const windows: string[] = [];
      for (let first = 0; first === 0 || first < tokens.length - 1; first += COMPOUND_TOKENS - 1)
        windows.push(tokens.slice(first, first + COMPOUND_TOKENS).join('.'));
      return windows;
    });
