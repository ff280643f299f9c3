import type { WebhookEventType } from '@site/api-contract';

/** How a webhook endpoint's row stores what it listens to: its events and its sites (none: every site). */
export type StoredEndpointLists = { events: string; site_keys: string };

export const endpointListColumns = (lists: {
  events: readonly WebhookEventType[];
  siteKeys: readonly string[];
}): StoredEndpointLists => ({ events: lists.events.join(','), site_keys: JSON.stringify(lists.siteKeys) });

/** The lists a row stores, read. */
export const readEndpointLists = (row: StoredEndpointLists) => ({
  events: row.events.split(',') as WebhookEventType[],
  siteKeys: JSON.parse(row.site_keys) as string[],
});
