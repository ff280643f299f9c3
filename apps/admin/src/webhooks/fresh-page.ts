import type { WebhookDelivery } from '../api/webhooks.ts';

export type LogRows = { rows: WebhookDelivery[]; nextBefore: number | null };

/**
 * The log after its newest page was asked again: that page replaces every row it covers (a row that
 * left the filter goes, a new one comes in on top, a changed one changes), and the older rows already
 * shown stay, with the place to go on from.
 */
export function withFreshPage(shown: LogRows, fresh: LogRows): LogRows {
  const oldestFresh = fresh.rows.at(-1)?.seq;
  const older =
    fresh.nextBefore === null || oldestFresh === undefined
      ? []
      : shown.rows.filter((row) => row.seq < oldestFresh);
  return {
    rows: [...fresh.rows, ...older],
    nextBefore: older.length > 0 ? shown.nextBefore : fresh.nextBefore,
  };
}
