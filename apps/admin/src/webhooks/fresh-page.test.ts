import { expect, it } from 'vitest';
import type { WebhookDelivery } from '../api/webhooks.ts';
import { withFreshPage } from './fresh-page.ts';

const row = (seq: number, status: WebhookDelivery['status'] = 'sent') => ({ seq, status }) as WebhookDelivery;
const seqs = (rows: WebhookDelivery[]) => rows.map((each) => each.seq);

it('puts new deliveries on top and takes the changed state of those it shows', () => {
  const shown = { rows: [row(5, 'pending'), row(4), row(3)], nextBefore: null };
  const fresh = { rows: [row(6), row(5, 'failed'), row(4), row(3)], nextBefore: null };
  const merged = withFreshPage(shown, fresh);
  expect(seqs(merged.rows)).toEqual([6, 5, 4, 3]);
  expect(merged.rows[1]!.status).toBe('failed');
  expect(merged.nextBefore).toBeNull();
});

it('drops a row that left the filter, and keeps the older pages already shown', () => {
  // Failed ones, shown down to 6 with more below; since then 8 was sent again and 10 failed.
  const shown = { rows: [row(9), row(8), row(7), row(6)], nextBefore: 6 };
  const fresh = { rows: [row(10), row(9), row(7)], nextBefore: 7 };
  const merged = withFreshPage(shown, fresh);
  expect(seqs(merged.rows)).toEqual([10, 9, 7, 6]);
  expect(merged.nextBefore).toBe(6);
});

it('goes on from the fresh page when nothing older was shown', () => {
  const merged = withFreshPage(
    { rows: [row(2)], nextBefore: null },
    { rows: [row(3), row(2)], nextBefore: 2 },
  );
  expect(seqs(merged.rows)).toEqual([3, 2]);
  expect(merged.nextBefore).toBe(2);
});
