import { webhookHeaders } from '@site/api-contract';
import type { FastifyBaseLogger } from 'fastify';
import { nextAttemptAt, type RetryPolicy } from '../queue/backoff.js';
import { failedAttempt } from '../queue/failed-attempt.js';
import { outcomeRecorder } from '../queue/outcome-recorder.js';
import { startPollingLoop } from '../queue/polling-loop.js';
import type { ClaimedDelivery, DeliveryOutcome, DeliveryRepository } from './delivery-repository.js';
import type { EndpointRepository } from './endpoint-repository.js';
import { webhookEventOf } from './webhook-event.js';
import { PostFailure, type WebhookPoster } from './webhook-post.js';
import { webhookSignature } from './webhook-signature.js';

type WorkerOptions = {
  deliveries: DeliveryRepository;
  endpoints: Pick<EndpointRepository, 'forgetPreviousSecrets'>;
  poster: WebhookPoster;
  /** SITE_URL, for the inbox links in events. */
  siteUrl: string;
  retry: Omit<RetryPolicy, 'maxAttempts'> & {
    /** How long after it was queued a delivery is still tried (WEBHOOK_RETRY_HOURS). */
    forMs: number;
  };
  /** Deliveries in flight at once (WEBHOOK_DELIVERIES_AT_ONCE). */
  atOnce: number;
  pollMs: number;
  /** How long a claimed delivery is this instance's alone (OUTBOX_LEASE_MS, longer than WEBHOOK_TIMEOUT_MS). */
  leaseMs: number;
  log: FastifyBaseLogger;
};

const RESTRICTED = 'Not sent: the person restricted the processing of their data.';

/** How often the worker deletes the secrets before rotations whose day is over: none stays an hour longer. */
const SECRET_SWEEP_MS = 60 * 60 * 1000;

/** The secrets that sign now: the endpoint's, and the one before a rotation for the day after it. */
const signingSecrets = (delivery: ClaimedDelivery, now: Date) =>
  delivery.previous_secret &&
  delivery.previous_secret_until &&
  Date.parse(delivery.previous_secret_until) > now.getTime()
    ? [delivery.secret, delivery.previous_secret]
    : [delivery.secret];

/**
 * Posts due webhook deliveries, `atOnce` at a time: each slot that frees claims the next due one, so a
 * slow receiver holds one slot (until WEBHOOK_TIMEOUT_MS), never the others. A failure is retried with
 * exponential backoff for `retry.forMs` after it was queued (a last attempt at that time), then it is failed.
 * At its first round and then hourly it also deletes the secrets before rotations whose day is over.
 */
export function startWebhookWorker({
  deliveries,
  endpoints,
  poster,
  siteUrl,
  retry,
  atOnce,
  pollMs,
  leaseMs,
  log,
}: WorkerOptions) {
  const inFlight = new Set<Promise<void>>();
  const outcomes = outcomeRecorder(
    ({ seq, outcome }: { seq: number; outcome: DeliveryOutcome }) => deliveries.record(seq, outcome),
    'webhook',
    log,
  );

  const outcomeOf = async (delivery: ClaimedDelivery, now: Date): Promise<DeliveryOutcome> => {
    const attempts = delivery.attempts + 1;
    const at = now.toISOString();
    const event = webhookEventOf(delivery, siteUrl, now);
    if (!event) return { attempts, at, answer: null, error: RESTRICTED, nextAttemptAt: null };
    const body = JSON.stringify(event);
    const timestamp = Math.floor(now.getTime() / 1000);
    const logged = {
      webhookId: delivery.webhook_id,
      endpoint: delivery.endpoint_id,
      event: delivery.event,
      attempts,
    };
    try {
      const answer = await poster.post(
        delivery.url,
        {
          [webhookHeaders.id]: delivery.webhook_id,
          [webhookHeaders.timestamp]: String(timestamp),
          [webhookHeaders.signature]: webhookSignature(
            signingSecrets(delivery, now),
            delivery.webhook_id,
            timestamp,
            body,
          ),
        },
        body,
      );
      log.info({ ...logged, status: answer.status }, 'webhook delivered');
      return { attempts, at, answer, sentAt: new Date().toISOString() };
    } catch (error) {
      const failure = error instanceof PostFailure ? error : new PostFailure(String(error));
      return {
        at,
        answer: failure.answer,
        ...failedAttempt('webhook', log, {
          attempts,
          error: failure.message,
          nextAttemptAt: nextAttemptAt(attempts, retry, {
            giveUpAt: Date.parse(delivery.queued_at) + retry.forMs,
          }),
          logged: { ...logged, status: failure.answer?.status, reason: failure.message },
        }),
      };
    }
  };

  const attempt = async (delivery: ClaimedDelivery) => {
    const outcome = await outcomeOf(delivery, new Date());
    await outcomes.record({ seq: delivery.seq, outcome }, { webhookId: delivery.webhook_id });
  };

  let sweepAt = 0;
  const claimFreeSlots = async (stopped: () => boolean) => {
    await outcomes.flush();
    if (Date.now() >= sweepAt) {
      await endpoints.forgetPreviousSecrets(new Date().toISOString());
      sweepAt = Date.now() + SECRET_SWEEP_MS;
    }
    const free = atOnce - inFlight.size;
    if (stopped() || free <= 0) return;
    for (const delivery of await deliveries.claim(new Date(), leaseMs, free)) {
      const running: Promise<void> = attempt(delivery).finally(() => {
        inFlight.delete(running);
        loop.wake();
      });
      inFlight.add(running);
    }
  };

  const loop = startPollingLoop('webhooks', claimFreeSlots, {
    pollMs,
    log,
    // Ends the deliveries in flight at once (their connections closed), each recorded to be tried again.
    close: async () => {
      poster.close();
      await Promise.all(inFlight);
    },
  });
  return loop;
}
