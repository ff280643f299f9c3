import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.js';
import { deliveryRepository } from './delivery-repository.js';
import { endpointRepository } from './endpoint-repository.js';
import { type AddressPolicy, webhookUrlProblem } from './webhook-address.js';
import { type PostSettings, webhookPoster } from './webhook-post.js';
import { startWebhookWorker } from './webhook-worker.js';

type WorkerOptions = Parameters<typeof startWebhookWorker>[0];

/** How webhooks are posted and retried, and the settings' endpoint. */
export type WebhookSettings = Pick<WorkerOptions, 'retry' | 'atOnce'> & {
  policy: AddressPolicy;
  post: PostSettings;
  /** The endpoint of the settings, when WEBHOOK_URL is set (WEBHOOK_SECRET comes with it). */
  fromSettings: { url: string; secret: string } | undefined;
};

type Options = WebhookSettings & {
  siteUrl: string;
  pollMs: number;
  leaseMs: number;
  log: FastifyBaseLogger;
};

/**
 * Webhooks at start: the settings' endpoint written as WEBHOOK_URL says (its address checked in the
 * background: a name that resolves to a private address is logged, and each delivery refuses it), and
 * the worker started.
 */
export async function startWebhooks(db: Db, options: Options) {
  const { fromSettings, policy, log } = options;
  const endpoints = endpointRepository(db);
  await endpoints.syncFromSettings(fromSettings, new Date().toISOString());
  if (fromSettings)
    void webhookUrlProblem(fromSettings.url, policy).then((problem) => {
      if (problem) log.error({ problem }, 'WEBHOOK_URL: deliveries to it will be refused');
    });
  return startWebhookWorker({
    deliveries: deliveryRepository(db),
    endpoints,
    poster: webhookPoster(options.post),
    siteUrl: options.siteUrl,
    retry: options.retry,
    atOnce: options.atOnce,
    pollMs: options.pollMs,
    leaseMs: options.leaseMs,
    log,
  });
}
