import { type RawBuilder, sql } from 'kysely';
import type { Flag } from './types.js';

/**
 * What each database's full-text index holds of a message (decision 025), defined once for migration 011
 * and the queries that must name it alike. Changing any of it needs a migration that rebuilds the index.
 */

/**
 * The search table of the messages of one view: the inbox's and spam's are kept apart. SQLite's is an
 * FTS5 table keyed by rowid (migration 011); PostgreSQL's a table of words keyed by seq (migration 013).
 */
export const searchTable = (spam: Flag) => (spam ? 'search_spam' : 'search_inbox');

/**
 * PostgreSQL: a word with punctuation inside (an address, a host, O'Brien) is also indexed as compound
 * lexemes, one from each of its tokens on: the tokens up to COMPOUND_TOKENS of them joined by '.', cut
 * at COMPOUND_CHARS (`anna.muller@gmail.com` gives `anna.muller.gmail.com`, `muller.gmail.com` and
 * `gmail.com`). A search for such a word looks its compound up as a prefix: the index holds no
 * positions to match its tokens as a phrase.
 */
export const COMPOUND_TOKENS = 12;
export const COMPOUND_CHARS = 100;

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

/**
 * PostgreSQL: `text` lower-cased and without the accents of Latin letters, as the search tables hold it
 * (migration 013). Plain ASCII, most of what is written, skips the Unicode normalisation, which costs
 * some 15 µs a short message each time.
 */
export const foldedForSearch = (text: RawBuilder<unknown>) =>
  sql`lower(case when octet_length(${text}) = char_length(${text}) then ${text} else ${withoutLatinAccents(text)} end)`;

/**
 * PostgreSQL (migrations 013 and 018): the words of a message's searchable text as its view's search
 * table holds them, without positions: `to_tsvector`'s words, and the compounds of its words with
 * punctuation inside. PL/pgSQL, so each connection plans its statements once, not at every trigger call.
 * Each compound's windows of tokens are joined as a window function's frame: a slice of an array of
 * tokens, which migration 013 took, copies all of it, and a compound of 6,666 tokens (`[b=[b=...`, in
 * 20,000 characters) took longer than the statement timeout.
 */
export const searchWordsFunction = sql`create or replace function message_search_words(searched text) returns tsvector
language plpgsql immutable strict parallel safe as $$
declare
  folded text := ${foldedForSearch(sql.raw('searched'))};
  compounds text[];
begin
  select array_agg(distinct left(joined, ${sql.lit(COMPOUND_CHARS)}))
  into compounds
  from (select string_agg(token, '.') over (partition by compound order by first
                 rows between current row and ${sql.lit(COMPOUND_TOKENS - 1)} following) as joined,
               first, count(*) over (partition by compound) as tokens
        from regexp_matches(folded, '[[:alnum:]]+(?:[[:punct:]]+[[:alnum:]]+)+', 'g')
               with ordinality as word(matched, compound),
             regexp_split_to_table(matched[1], '[[:punct:]]+') with ordinality as split(token, first)) as windows
  where first < tokens;
  return strip(to_tsvector('simple'::regconfig, regexp_replace(folded, '[[:punct:]]+', ' ', 'g')))
    || array_to_tsvector(coalesce(compounds, '{}'));
end
$$`;

/** PostgreSQL: the words of a message, its columns read from `row` (`new.` or '' for the table itself). */
export const searchWords = (row = '') => sql`message_search_words(${searchedText(row)})`;

/**
 * PostgreSQL: the query of what was typed (`message-search.ts`): its words of one token as prefixes,
 * made lexemes as the index's words are, and each compound word's windows as compound prefixes.
 */
export function searchQuery(prefixes: string | undefined, compounds: readonly string[]) {
  const folded = (text: string) => foldedForSearch(sql`${text}`);
  const parts = [
    ...(prefixes === undefined ? [] : [sql`to_tsquery('simple'::regconfig, ${folded(prefixes)})`]),
    ...compounds.map(
      (compound) =>
        sql`(quote_literal(left(${folded(compound)}, ${sql.lit(COMPOUND_CHARS)})) || ':*')::tsquery`,
    ),
  ];
  return sql.join(parts, sql` && `);
}
