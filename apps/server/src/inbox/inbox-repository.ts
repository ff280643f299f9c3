import type { Language } from '@site/api-contract';
import { type Expression, expressionBuilder, type SelectQueryBuilder, sql, type SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import { databaseKind } from '../db/dialect.js';
import { searchQuery, searchTable } from '../db/search-index.js';
import { type Database, type Flag, type MessageStatus, messageStatuses } from '../db/types.js';
import { compoundQueries, fts5Query, prefixQuery, searchWords } from './message-search.js';

export type MessageFilter = {
  /** The honeypot catches (and what staff marked as spam) instead of the real messages. */
  spam: boolean;
  /** Only messages in this inbox state. */
  status?: MessageStatus;
  /** Only messages from this site (a white-label partner's site key). */
  siteKey?: string;
  /** Only messages sent from pages in this language. */
  language?: Language;
  /** ISO time: only messages received at or after it. */
  since?: string;
  /** ISO time: only messages received before it. */
  until?: string;
  /**
   * Words to find in the name, e-mail, subject or message, whatever their case and the accents of Latin
   * letters, each as a word or the start of one (message-search.ts). A restricted message is found by
   * its sender only.
   */
  search?: string;
  /** Only the messages assigned to this operator. */
  assignedTo?: number;
  /** Only the conversations whose first-response clock runs: not spam, new or read, no reply yet. */
  waiting?: boolean;
};

export type Page = {
  /** Messages with a lower seq than this one only: the page after the one that ended there. */
  beforeSeq?: number;
  /** Messages with a higher seq than this one only: what arrived since the newest one already shown. */
  afterSeq?: number;
  limit: number;
  /** Oldest first (the due-first order), instead of newest first. */
  oldestFirst?: boolean;
};

/** The search tables, which Kysely's schema of the messages does not know: SQLite's FTS5, PostgreSQL's words. */
type SearchTables = Record<ReturnType<typeof searchTable>, { rowid: number; seq: number; words: string }>;

/** Every condition of the filter and page but the search, with `seq` the column that numbers the rows. */
function conditions(
  { spam, status, siteKey, language, since, until, assignedTo, waiting }: MessageFilter,
  page: Page | undefined,
  seq: Expression<number>,
): Expression<SqlBool> {
  const eb = expressionBuilder<Database, 'messages'>();
  return eb.and([
    eb('spam', '=', spam ? 1 : 0),
    ...(status ? [eb('status', '=', status)] : []),
    ...(siteKey ? [eb('site_key', '=', siteKey)] : []),
    ...(language ? [eb('language', '=', language)] : []),
    ...(since ? [eb('received_at', '>=', since)] : []),
    ...(until ? [eb('received_at', '<', until)] : []),
    ...(assignedTo !== undefined ? [eb('assigned_to', '=', assignedTo)] : []),
    ...(waiting
      ? [eb('spam', '=', 0), eb('status', 'in', waitingStatuses), eb('first_reply_at', 'is', null)]
      : []),
    ...(page?.beforeSeq !== undefined ? [eb(seq, '<', page.beforeSeq)] : []),
    ...(page?.afterSeq !== undefined ? [eb(seq, '>', page.afterSeq)] : []),
  ]);
}

/** The statuses in which a conversation's first-response clock runs, until its first reply. */
const waitingStatuses: MessageStatus[] = ['new', 'read'];

/** The order of the page: newest first, unless it asks for the oldest. */
const direction = (page: Page | undefined) => (page?.oldestFirst ? 'asc' : 'desc');

/** In the page's order, one page of them when `page` is given. */
const newestFirst = <DB, TB extends keyof DB>(
  query: SelectQueryBuilder<DB, TB, { seq: number }>,
  page: Page | undefined,
) => query.orderBy('seq', direction(page)).$if(page !== undefined, (ordered) => ordered.limit(page!.limit));

/** The stored messages as the inbox lists and opens them. */
export function inboxRepository(db: Db) {
  const postgres = databaseKind(db) === 'postgres';

  /**
   * The seq of each message of the filter's page, newest first. Only the page's rows are then read: the
   * view indexes answer the filter by themselves (migrations 011 and 012), and a page never reads what
   * it skips.
   */
  const pageSeqs = (filter: MessageFilter, words: string[][] | undefined, page?: Page) => {
    const view: Flag = filter.spam ? 1 : 0;
    if (words !== undefined) {
      // The view's search table first (cross join keeps that order), newest first: a page ends after
      // `limit` of its matches pass the other conditions. SQLite's FTS5 hands its matches in that order;
      // PostgreSQL reads its table backwards checking each row's stored words, or its GIN index for a
      // word its statistics call rare.
      const table = searchTable(view);
      const key = `${table}.${postgres ? 'seq' : 'rowid'}` as const;
      return db
        .withTables<SearchTables>()
        .selectFrom(table)
        .crossJoin('messages')
        .select('messages.seq')
        .whereRef('messages.seq', '=', key)
        .where(
          postgres
            ? sql<SqlBool>`${sql.ref(`${table}.words`)} @@ (${searchQuery(prefixQuery(words), compoundQueries(words))})`
            : sql<SqlBool>`${sql.table(table)} match ${fts5Query(words)}`,
        )
        .where(conditions(filter, page, sql.ref(key)))
        .orderBy(key, direction(page))
        .$if(page !== undefined, (query) => query.limit(page!.limit));
    }
    const matching = (of: MessageFilter) =>
      db
        .selectFrom('messages')
        .select('seq')
        .where(conditions(of, page, sql.ref('seq')));
    if (filter.status === undefined && filter.siteKey === undefined && filter.assignedTo === undefined) {
      // No index holds every status in order: each status's newest come from its own part of
      // (spam, status, seq, received_at), a page of them at most, merged newest first.
      const [first, ...rest] = messageStatuses.map((status) =>
        db.selectFrom(newestFirst(matching({ ...filter, status }), page).as(status)).select('seq'),
      );
      return newestFirst(
        rest.reduce((all, part) => all.unionAll(part), first!),
        page,
      );
    }
    return newestFirst(matching(filter), page);
  };

  return {
    /** The messages that match the filter, newest first (or oldest); one page of them when `page` is given. */
    list(filter: MessageFilter, page?: Page) {
      const words = filter.search === undefined ? undefined : searchWords(filter.search);
      // Punctuation alone has no word to find.
      if (words?.length === 0) return Promise.resolve([]);
      return db
        .selectFrom('messages')
        .selectAll()
        .where('seq', 'in', pageSeqs(filter, words, page))
        .orderBy('seq', direction(page))
        .execute();
    },

    /** One message with every stored field, or undefined. */
    byId(id: string) {
      return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
