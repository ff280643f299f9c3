import { randomBytes } from 'node:crypto';
import { operatorCommandOk } from '@site/testing/operator-cli';
import { startTestWebhookReceiver } from '@site/testing/per-test';
import type { WebhookReceiver } from '@site/testing/webhook-receiver';
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

/** One line of `webhook-log`. */
export type LoggedDelivery = {
  seq: number;
  messageId: string;
  status: string;
  attempts: number;
  /** The receiver's HTTP status at the last attempt, or null when none came. */
  answer: number | null;
};

// `seq  created  event  message  endpoint N  status  attempts N  HTTP status|-  [last error]`
const logLine = /^(\d+) {2}\S+ {2}\S+ {2}(\S+) {2}endpoint \d+ {2}(\w+) {2}attempts (\d+) {2}HTTP (\d+|-)/;

/** Every webhook delivery, as `webhook-log` lists them. */
export async function loggedDeliveries(storage: Storage): Promise<LoggedDelivery[]> {
  const { stdout } = await operatorCommandOk(storage.env, 'webhook-log', '--limit', '1000000');
  return stdout
    .trim()
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const match = logLine.exec(line);
      if (!match) throw new Error(`webhook-log printed an unexpected line: ${line}`);
      const [, seq, messageId = '', status = '', attempts, answer] = match;
      return {
        seq: Number(seq),
        messageId,
        status,
        attempts: Number(attempts),
        answer: answer === '-' ? null : Number(answer),
      };
    });
}

/** The deliveries once none is pending any more, or as they are when `timeoutMs` ran out. */
export async function settledDeliveries(storage: Storage, timeoutMs: number): Promise<LoggedDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deliveries = await loggedDeliveries(storage);
    if (deliveries.every((each) => each.status !== 'pending') || Date.now() > deadline) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** How many deliveries are in each state. */
export function deliveryStates(deliveries: readonly LoggedDelivery[]): Record<string, number> {
  const states: Record<string, number> = { pending: 0, sent: 0, failed: 0 };
  for (const { status } of deliveries) states[status] = (states[status] ?? 0) + 1;
  return states;
}
