import { randomBytes } from 'node:crypto';
import { startTestWebhookReceiver } from '@site/testing/per-test';
import type { WebhookReceiver } from '@site/testing/webhook-receiver';
import { faultRows, readUntil } from './fault-database.ts';
import type { Storage } from './storage.ts';

/**
 * A receiver on loopback for this test, verifying with a new secret, and the settings that make it every
 * server's endpoint (WEBHOOK_URL): a failed delivery is tried again after 200 ms, at most 1 s later; a
 * delivery gets no answer within 1.5 s, shorter than the fault settings' 2 s lease.
 */
export async function startFaultReceiver() {
  const secret = `whsec_${randomBytes(24).toString('base64')}`;
  const receiver = await startTestWebhookReceiver({ secret });
  const env = {
    WEBHOOK_URL: receiver.url,
    WEBHOOK_SECRET: secret,
    WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true',
    WEBHOOK_TIMEOUT_MS: '1500',
    WEBHOOK_RETRY_FIRST_MS: '200',
    WEBHOOK_RETRY_MAX_MS: '1000',
  };
  return { receiver, env };
}

/** The message a verified request was about (an unverified one has no event). */
export const deliveredMessageId = (request: WebhookReceiver['received'][number]) =>
  request.event?.data.message.id;

/** One webhook delivery, as `webhook-log` shows it. */
export type LoggedDelivery = {
  seq: number;
  messageId: string;
  status: string;
  attempts: number;
  /** The receiver's HTTP status at the last attempt, or null when none came. */
  answer: number | null;
};

/** Every webhook delivery, newest first, read from the database the servers share. */
export async function loggedDeliveries(storage: Storage): Promise<LoggedDelivery[]> {
  const rows = await faultRows(
    storage,
    'select seq, message_id, status, attempts, response_status from webhook_deliveries order by seq desc',
  );
  return rows.map((row) => ({
    seq: Number(row.seq),
    messageId: String(row.message_id),
    status: String(row.status),
    attempts: Number(row.attempts),
    answer: row.response_status === null ? null : Number(row.response_status),
  }));
}

/** The deliveries once none is pending any more, or as they are when `timeoutMs` ran out. */
export const settledDeliveries = (storage: Storage, timeoutMs: number): Promise<LoggedDelivery[]> =>
  readUntil(
    () => loggedDeliveries(storage),
    (deliveries) => deliveries.every((each) => each.status !== 'pending'),
    timeoutMs,
  );

/** How many deliveries are in each state. */
export function deliveryStates(deliveries: readonly LoggedDelivery[]): Record<string, number> {
  const states: Record<string, number> = { pending: 0, sent: 0, failed: 0 };
  for (const { status } of deliveries) states[status] = (states[status] ?? 0) + 1;
  return states;
}
