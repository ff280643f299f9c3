import { type RawBuilder, sql } from 'kysely';
import type { Flag } from './types.js';

/**
 * What each database's full-text index holds of a message (decision 025), defined once for migration 011
 * and the queries that must name it alike. Changing any of it needs a migration that rebuilds the index.
 */

/** SQLite's FTS5 table of the messages of one view: the inbox's and spam's are kept apart. */
export const searchTable = (spam: Flag) => (spam ? 'search_spam' : 'search_inbox');

/**
 * A message's searchable text, its columns read from `row` (`new.`, `old.` or '' for the table itself):
 * the sender always, the subject and text only while its processing is not restricted.
 */
export const searchedText = (row = '') =>
  sql.raw(
    `${row}name || ' ' || ${row}email || case when ${row}restricted = 0 then ' ' || ${row}subject || ' ' || ${row}message else '' end`,
  );

/**
 * PostgreSQL: `text` with the accents of Latin letters dropped (José is Jose), as FTS5's unicode61
 * tokenizer with remove_diacritics 2 does in SQLite; other scripts keep theirs (Greek's tonos too, as
 * in SQLite).
 */
export const withoutLatinAccents = (text: RawBuilder<unknown>) =>
  sql`normalize(regexp_replace(normalize(${text}, NFD), '([A-Za-z])[\\u0300-\\u036f]+', '\\1', 'g'), NFC)`;

/**
 * PostgreSQL: the words of the messages of one view (null for the other's), as its GIN index holds them.
 * Punctuation becomes space first, so that the parser makes plain words of addresses, hosts and
 * hyphenated words, as FTS5 does; `simple` lower-cases them and keeps every word of every language.
 * One expression a view, not one column with a partial index a view: the planner keeps statistics of an
 * expression index, and only per view do they tell how rare a word is in it.
 */
export const searchVector = (spam: Flag) =>
  sql`(case when spam = ${sql.lit(spam)} then to_tsvector('simple'::regconfig, regexp_replace(${withoutLatinAccents(searchedText())}, '[[:punct:]]+', ' ', 'g')) end)`;
