import { type WebhookEventType, webhookEventTypes } from '@site/api-contract';
import type { Db } from '../db/database.js';
import { type Selectable, sql } from 'kysely';
import type { WebhookEndpointsTable } from '../db/types.js';
import { endpointListColumns, readEndpointLists } from '../queue/endpoint-lists.js';

type StoredEndpoint = Selectable<WebhookEndpointsTable>;

/** An endpoint as it is stored, its lists read. */
export type EndpointRow = Omit<StoredEndpoint, 'events' | 'site_keys' | 'from_settings'> & {
  events: WebhookEventType[];
  siteKeys: string[];
  fromSettings: boolean;
};

/** What an endpoint is given when it is made or changed. */
export type EndpointFields = {
  url: string;
  description: string;
  events: readonly WebhookEventType[];
  siteKeys: readonly string[];
};

const columns = (fields: EndpointFields) => ({
  url: fields.url,
  description: fields.description,
  ...endpointListColumns(fields),
});

const readRow = ({ events, site_keys, from_settings, ...row }: StoredEndpoint): EndpointRow => ({
  ...row,
  ...readEndpointLists({ events, site_keys }),
  fromSettings: from_settings === 1,
});

/**
 * The endpoints table: all SQL about where webhooks go. Whether one may be changed (not the settings'
 * endpoint) is the service's rule.
 */
export function endpointRepository(db: Db) {
  return {
    async list(): Promise<EndpointRow[]> {
      return (await db.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute()).map(readRow);
    },

    async byId(id: number): Promise<EndpointRow | undefined> {
      const row = await db
        .selectFrom('webhook_endpoints')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row && readRow(row);
    },

    async insert(fields: EndpointFields, secret: string, now: string): Promise<number> {
      const row = await db
        .insertInto('webhook_endpoints')
        .values({ ...columns(fields), secret, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, fields: EndpointFields): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set(columns(fields))
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Deletes the endpoint and, with it, its deliveries (pending ones are not sent). */
    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    /** A new secret; the current one keeps signing beside it until `until`. */
    async rotate(id: number, secret: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable('webhook_endpoints')
        .set((eb) => ({ secret, previous_secret: eb.ref('secret'), previous_secret_until: until }))
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Forgets the secrets before rotations whose time to sign is over at `now`. */
    async forgetPreviousSecrets(now: string): Promise<void> {
      await db
        .updateTable('webhook_endpoints')
        .set({ previous_secret: null, previous_secret_until: null })
        .where('previous_secret_until', '<=', now)
        .execute();
    },

    /**
     * Makes the settings' endpoint (WEBHOOK_URL, WEBHOOK_SECRET) what they say, or removes it (with its
     * log) when they say none; every instance does the same at start.
     */
    async syncFromSettings(endpoint: { url: string; secret: string } | undefined, now: string) {
      if (!endpoint) {
        await db.deleteFrom('webhook_endpoints').where('from_settings', '=', 1).execute();
        return;
      }
      // Every event and every site; written again at each start, so it gains events added later.
      const values = {
        ...columns({ url: endpoint.url, description: '', events: webhookEventTypes, siteKeys: [] }),
        secret: endpoint.secret,
      };
      await db
        .insertInto('webhook_endpoints')
        .values({ ...values, from_settings: 1, created_at: now })
        // The partial index's own condition, as a literal: SQLite matches the index by it.
        .onConflict((conflict) =>
          conflict
            .column('from_settings')
            .where(sql<boolean>`from_settings = 1`)
            .doUpdateSet(values),
        )
        .execute();
    },
  };
}

export type EndpointRepository = ReturnType<typeof endpointRepository>;
