import type { Db } from '../db/database.js';

/** The fields an export carries, in the order it carries them. */
export const exportColumns = [
  'id',
  'received_at',
  'name',
  'email',
  'subject',
  'message',
  'marketing_consent',
  'consent_at',
  'site_key',
] as const;

export type MessageFilter = {
  /** The honeypot catches instead of the real messages. */
  spam: boolean;
  /** ISO time: only messages received at or after it. */
  since?: string;
  /** Text to find in the name, e-mail, subject or message, whatever its case. */
  search?: string;
};

/** Reads stored messages for the operator. */
export function messageQueries(db: Db) {
  return {
    /** The messages that match the filter, newest first. */
    list({ spam, since, search }: MessageFilter) {
      let query = db
        .selectFrom('messages')
        .selectAll()
        .where('spam', '=', spam ? 1 : 0)
        .orderBy('seq', 'desc');
      if (since) query = query.where('received_at', '>=', since);
      if (search !== undefined) {
        const like = `%${search.toLowerCase()}%`;
        query = query.where(({ or, eb }) =>
          or(
            (['name', 'email', 'subject', 'message'] as const).map((column) =>
              eb(eb.fn('lower', [eb.ref(column)]), 'like', like),
            ),
          ),
        );
      }
      return query.execute();
    },

    /** One message with every stored field, or undefined. */
    byId(id: string) {
      return db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** Messages that are neither spam nor restricted, oldest first, with the export columns only. */
    exportable(since?: string) {
      let query = db
        .selectFrom('messages')
        .select(exportColumns)
        .where('spam', '=', 0)
        .where('restricted', '=', 0)
        .orderBy('seq');
      if (since) query = query.where('received_at', '>=', since);
      return query.execute();
    },
  };
}
