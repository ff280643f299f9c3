import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { MessageStatus } from '../db/types.js';

/** What a search reads: the sender of every message, the text only of those not restricted. */
const searchedColumns = ['name', 'email'] as const;
const textColumns = ['subject', 'message'] as const;

export type MessageFilter = {
  /** The honeypot catches (and what staff marked as spam) instead of the real messages. */
  spam: boolean;
  /** Only messages in this inbox state. */
  status?: MessageStatus;
  /** Only messages from this site (a white-label partner's site key). */
  siteKey?: string;
  /** ISO time: only messages received at or after it. */
  since?: string;
  /** ISO time: only messages received before it. */
  until?: string;
  /**
   * Text to find in the name, e-mail, subject or message, whatever its case; `%` and `_` are literal. A
   * restricted message is found by its sender only.
   */
  search?: string;
};

export type Page = {
  /** Messages with a lower seq than this one only: the page after the one that ended there. */
  beforeSeq?: number;
  /** Messages with a higher seq than this one only: what arrived since the newest one already shown. */
  afterSeq?: number;
  limit: number;
};

/** `text` as a LIKE pattern that finds it anywhere, its own wildcards and backslashes escaped. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Reads stored messages for the operator. */
export function messageQueries(db: Db) {
  return {
    /** The messages that match the filter, newest first; one page of them when `page` is given. */
    list({ spam, status, siteKey, since, until, search }: MessageFilter, page?: Page) {
      let query = db
        .selectFrom('messages')
        .selectAll()
        .where('spam', '=', spam ? 1 : 0)
        .orderBy('seq', 'desc');
      if (status) query = query.where('status', '=', status);
      if (siteKey) query = query.where('site_key', '=', siteKey);
      if (since) query = query.where('received_at', '>=', since);
      if (until) query = query.where('received_at', '<', until);
      if (search !== undefined) {
        const pattern = containing(search);
        const matches = (column: string) =>
          sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
        query = query.where(({ or, and, eb }) =>
          or([
            ...searchedColumns.map(matches),
            ...textColumns.map((column) => and([eb('restricted', '=', 0), matches(column)])),
          ]),
        );
      }
      if (page?.beforeSeq !== undefined) query = query.where('seq', '<', page.beforeSeq);
      if (page?.afterSeq !== undefined) query = query.where('seq', '>', page.afterSeq);
      if (page) query = query.limit(page.limit);
      return query.execute();
    },

    /** One message with every stored field, or undefined. */
    byId(id: string) {
      return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    },
  };
}
