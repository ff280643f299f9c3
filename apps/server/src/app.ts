import cors from '@fastify/cors';
import { CONTACT_API_PATH, SITE_KEY_HEADER } from '@site/api-contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { confirmRoute } from './consent/confirm-route.js';
import { consentRepository } from './consent/consent-repository.js';
import { contactRoute } from './contact/contact-route.js';
import { tightenDataDir } from './data-dir.js';
import { databaseSettings, openDatabase } from './db/database.js';
import type { Env } from './env.js';
import { errorHandler } from './error-handler.js';
import { databaseProbe } from './health/health-repository.js';
import { healthRoutes } from './health/health-routes.js';
import { closeOnShutdown } from './http/close-on-shutdown.js';
import { connectionLimits } from './http/connection-limits.js';
import { type LoggerOptions, loggerOptions } from './http/request-log.js';
import { unreadableRequestAnswers } from './http/unreadable-requests.js';
import { messageMails } from './notifications/message-mails.js';
import type { WakeWorkers, Worker } from './queue/events.js';
import { startMailWorker } from './queue/mail-worker.js';
import { hardeningHeaders, securityHeaders } from './security/security-headers.js';
import { xsrfCookie } from './security/xsrf.js';
import { readSiteFacts } from './site/site-facts.js';
import { resolveAppSecret } from './privacy/app-secret.js';
import { startRetention } from './privacy/retention.js';
import { pageAnalytics } from './analytics/page-analytics.js';
import { openCountryDatabase } from './analytics/country-database.js';
import { formStartedRoute } from './analytics/form-started-route.js';
import { unsubscribeRoute } from './privacy/unsubscribe-route.js';
import { staticSite } from './site/static-site.js';
import { adminApi } from './admin-api/admin-api.js';
import { conversationService } from './conversations/conversation-service.js';
import { replyMails } from './conversations/reply-mails.js';
import { mailImport } from './inbound/mail-import.js';
import { startMailboxReader } from './inbound/mailbox-reader.js';
import { spamDigests } from './spam/spam-digests.js';
import { weeklyMails } from './analytics/weekly-mails.js';
import { spamFilter } from './spam/spam-filter.js';
import {
  firstResponseClockOf,
  acknowledgementSettingsOf,
  mailerOf,
  mailSettingsOf,
  replySettingsOf,
  siteKeysOf,
  spamDigestSettingsOf,
  weeklyMailsSettingsOf,
  spamSettingsOf,
  webhookSettingsOf,
} from './derived-settings.js';
import { startWebhooks } from './webhooks/start-webhooks.js';
import { inboxApp } from './inbox/inbox-app.js';
import { withZodSchemas } from './http/zod-schemas.js';
import { operatorMails } from './operators/operator-mails.js';
import { operatorServices } from './operators/operator-services.js';
import { dataServices } from './services.js';

export type AppOptions = Omit<FastifyServerOptions, 'logger'> & { logger?: LoggerOptions };

/** The whole server, ready to listen or to take `inject()` calls in tests. */
export async function buildApp(env: Env, { logger, ...options }: AppOptions = {}) {
  const site = await readSiteFacts(env.WEB_ROOT);
  const dataDirWarnings = tightenDataDir(env.DATA_DIR);
  const appSecret = resolveAppSecret(env);
  // Read before anything starts, so a missing or unreadable file stops the start as a bad setting does.
  const countryOf =
    env.ANALYTICS === 'on' && env.ANALYTICS_GEOIP_DB !== undefined
      ? openCountryDatabase(env.ANALYTICS_GEOIP_DB)
      : undefined;
  const hsts = env.HSTS === 'auto' ? env.SITE_URL.startsWith('https:') : env.HSTS === 'true';
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, logger),
    trustProxy: env.TRUST_PROXY.length > 0 ? env.TRUST_PROXY : false,
    ...connectionLimits(env),
    ...unreadableRequestAnswers(hardeningHeaders(hsts)),
    ...options,
  });
  app.server.maxConnections = env.MAX_CONNECTIONS;
  // A client that closes its sending side after its request still wants the answer (RFC 9112: a
  // half-closed connection does not delimit a request). Node's server otherwise ends the connection at
  // that FIN, losing the answer of a request still being handled; with this it ends after the answer.
  Object.assign(app.server, { httpAllowHalfOpen: true });
  app.setErrorHandler(errorHandler);
  withZodSchemas(app);
  const db = await openDatabase(
    // The message alone: pg attaches the whole connection object to the error.
    databaseSettings(env, (error) => app.log.warn({ reason: error.message }, 'database connection lost')),
  );

  const mailer = mailerOf(env);
  if (!env.SMTP_URL)
    app.log.info({ dir: `${env.DATA_DIR}/mail` }, 'no SMTP_URL: notifications are written as .eml files');
  const mail = mailSettingsOf(env, site);
  const replySettings = replySettingsOf(env, site);
  const firstResponse = firstResponseClockOf(env);
  // What an event queued wakes the workers of those queues, once committed. The webhook worker starts
  // after the mail worker, and reads what is due at its start.
  const workers: Partial<Record<Worker, { wake(): void }>> = {};
  const wake: WakeWorkers = (concerned) => {
    for (const worker of concerned) workers[worker]?.wake();
  };
  const outbox = startMailWorker({
    mailer,
    // Dead links' mail copies are looked for every 30 polls (30 s by default). The spam digest reads the
    // database only once a day, when it is due.
    sources: [
      messageMails(
        db,
        mailer,
        mail,
        {
          siteName: mail.siteName,
          from: mail.from,
          siteUrl: mail.siteUrl,
          secret: appSecret.secret,
          confirmDays: env.CONSENT_CONFIRM_DAYS,
        },
        acknowledgementSettingsOf(env, site, mail, replySettings, firstResponse, () => appSecret.secret),
      ),
      ...(env.SPAM_DIGEST === 'on' ? [spamDigests(db, spamDigestSettingsOf(env, mail))] : []),
      ...(env.ANALYTICS_WEEKLY_MAIL === 'on' ? [weeklyMails(db, weeklyMailsSettingsOf(env, mail))] : []),
      operatorMails(db, mailer, mail, 30 * env.OUTBOX_POLL_MS),
      replyMails(db, mailer, replySettings, () => appSecret.secret, wake),
    ],
    retry: {
      firstDelayMs: env.OUTBOX_RETRY_FIRST_MS,
      maxDelayMs: env.OUTBOX_RETRY_MAX_MS,
      maxAttempts: env.OUTBOX_MAX_ATTEMPTS,
    },
    pollMs: env.OUTBOX_POLL_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    log: app.log,
  });
  workers.mail = outbox;
  const webhookSettings = webhookSettingsOf(env, site);
  const webhookWorker = await startWebhooks(db, {
    ...webhookSettings,
    siteUrl: env.SITE_URL,
    pollMs: env.OUTBOX_POLL_MS,
    leaseMs: env.OUTBOX_LEASE_MS,
    log: app.log,
  });
  workers.webhooks = webhookWorker;
  // New messages queue webhooks as well as mails: both workers hear of them.
  const wakeWorkers = () => wake(['mail', 'webhooks']);
  const {
    audit,
    subjects,
    inbox,
    privacy,
    webhooks,
    analytics: figures,
    reports,
  } = dataServices(db, {
    dataDir: env.DATA_DIR,
    secret: () => appSecret.secret,
    consentConfirmDays: env.CONSENT_CONFIRM_DAYS,
    webhookPolicy: webhookSettings.policy,
    firstResponse,
    wakeWebhooks: webhookWorker.wake,
    wakeMailbox: () => wake(['mailbox']),
  });
  const conversations = conversationService(db, audit, {
    settings: replySettings,
    firstResponse,
    wake: outbox.wake,
  });
  const spam = spamSettingsOf(env, site);
  const mailbox = env.IMAP_URL
    ? startMailboxReader(
        db,
        {
          url: env.IMAP_URL,
          moveTo: env.IMAP_MOVE_TO,
          pollMs: env.IMAP_POLL_MS,
          maxBytes: env.INBOUND_MAX_BYTES,
          requireTls: env.NODE_ENV === 'production',
        },
        mailImport(db, {
          siteKey: site.siteKey,
          consentConfirmDays: env.CONSENT_CONFIRM_DAYS,
          judge: spamFilter(db, () => appSecret.secret, spam),
          secret: () => appSecret.secret,
          log: app.log,
          wake,
          reading: {
            maxAttachmentBytes: env.INBOUND_ATTACHMENT_MAX_BYTES,
            authservId: env.INBOUND_AUTHSERV_ID,
          },
          dailyLimit: env.INBOUND_DAILY_LIMIT,
          dailyFileBytes: env.INBOUND_DAILY_FILE_BYTES,
        }),
        app.log,
      )
    : undefined;
  workers.mailbox = mailbox;
  const analytics =
    env.ANALYTICS === 'on'
      ? pageAnalytics(db, {
          siteKey: site.siteKey,
          ownHosts: [new URL(env.SITE_URL).host],
          flushMs: env.ANALYTICS_FLUSH_MS,
          dailyDays: env.ANALYTICS_RETENTION_DAYS,
          countryOf,
          log: app.log,
        })
      : undefined;
  const retention = startRetention(
    subjects,
    { messages: env.RETENTION_DAYS, spam: env.SPAM_RETENTION_DAYS, networkDetails: env.IP_RETENTION_DAYS },
    app.log,
    analytics?.retention,
  );
  if (appSecret.generated) app.log.warn('APP_SECRET not set: generated one in DATA_DIR/app-secret');
  for (const warning of dataDirWarnings) app.log.warn(warning);
  app.addHook('onClose', async () => {
    await retention.stop();
    await analytics?.counter.stop();
    await mailbox?.stop();
    await outbox.stop();
    await webhookWorker.stop();
    await db.destroy();
  });

  const xsrf = { secret: appSecret.secret, secure: env.SITE_URL.startsWith('https:') };
  const siteKeys = siteKeysOf(env, site);
  await app.register(closeOnShutdown);
  await app.register(securityHeaders, { hsts });
  // Partner sites may post messages from their pages, and nothing else: the admin API, the
  // unsubscribe route and the site answer other origins without any Access-Control header.
  const corsOrigins = env.CORS_ORIGINS.length > 0 ? env.CORS_ORIGINS : false;
  await app.register(cors, {
    delegator: (request, callback) =>
      callback(null, {
        origin: request.url.split('?')[0] === CONTACT_API_PATH ? corsOrigins : false,
        methods: ['POST'],
        allowedHeaders: ['content-type', SITE_KEY_HEADER],
        maxAge: 600,
      }),
  });
  await app.register(healthRoutes, { probeDatabase: databaseProbe(db) });
  await app.register(xsrfCookie, xsrf);
  await app.register(contactRoute, {
    db,
    site,
    siteKeys,
    origins: { site: new URL(env.SITE_URL).origin, allowed: env.CORS_ORIGINS },
    xsrf,
    rateLimits: { perMinute: env.CONTACT_RATE_PER_MINUTE, perDay: env.CONTACT_RATE_PER_DAY },
    consentConfirmDays: env.CONSENT_CONFIRM_DAYS,
    spam,
    acknowledgement: env.ACKNOWLEDGEMENT_MAIL === 'on' ? { secret: () => appSecret.secret } : undefined,
    onStored: wakeWorkers,
    visitSource: analytics?.visitSource,
  });
  if (analytics) await app.register(formStartedRoute, { counter: analytics.counter });
  await app.register(confirmRoute, {
    consents: consentRepository(db),
    secret: appSecret.secret,
    site,
    confirmDays: env.CONSENT_CONFIRM_DAYS,
  });
  await app.register(unsubscribeRoute, {
    subjects,
    secret: appSecret.secret,
    site,
  });
  const sessionLimits = {
    idleMinutes: env.ADMIN_SESSION_IDLE_MINUTES,
    maxHours: env.ADMIN_SESSION_MAX_HOURS,
  };
  await app.register(adminApi, {
    operators: operatorServices({
      db,
      audit,
      mailer,
      mail,
      sessionLimits,
      rateLimits: {
        linksPerAddress: env.ADMIN_LINK_RATE_PER_ADDRESS,
        linksPerIp: env.ADMIN_LINK_RATE_PER_IP,
        attemptsPerIp: env.ADMIN_SIGN_IN_RATE_PER_IP,
      },
      secret: appSecret.secret,
      xsrf,
      wakeOutbox: outbox.wake,
    }),
    inbox,
    conversations,
    privacy,
    webhooks,
    analytics: figures,
    reports,
    settings: {
      siteName: mail.siteName,
      siteKeys,
      retention: { messagesDays: env.RETENTION_DAYS ?? null, networkDetailsDays: env.IP_RETENTION_DAYS },
      session: sessionLimits,
      spam: {
        filter: spam.filter,
        thresholdPoints: spam.threshold,
        retentionDays: env.SPAM_RETENTION_DAYS,
        classifier: spam.classifier,
      },
    },
  });
  await app.register(inboxApp, { root: env.INBOX_ROOT });
  await app.register(staticSite, {
    root: env.WEB_ROOT,
    apiOrigin: site.apiOrigin,
    counter: analytics?.counter,
  });
  return app;
}
