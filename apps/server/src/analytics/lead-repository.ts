import type { Db } from '../db/database.js';

/** What the analytics read of the stored messages: only counts, never a message's content. */
export function leadRepository(db: Db) {
  return {
    /**
     * The funnel's last step: messages sent through the contact form in [from, to) (ISO times) and
     * stored as not spam (the verdict shown: the operator's mark, otherwise the filter's), per site.
     */
    async sentBySite(from: string, to: string, siteKey?: string): Promise<Map<string, number>> {
      let query = db
        .selectFrom('messages')
        .select((eb) => ['site_key', eb.fn.countAll<number | string>().as('sent')])
        .where('source', '=', 'form')
        .where('spam', '=', 0)
        .where('received_at', '>=', from)
        .where('received_at', '<', to)
        .groupBy('site_key');
      if (siteKey !== undefined) query = query.where('site_key', '=', siteKey);
      const rows = await query.execute();
      return new Map(rows.map((row) => [row.site_key, Number(row.sent)]));
    },
  };
}
