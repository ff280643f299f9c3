import type { WeeklyMailsSettings } from './analytics/weekly-mails.js';
import type { BusinessHoursSettings } from './business-hours/business-hours.js';
import {
  parseDuration,
  parseOpeningHours,
  parseWeekdays,
  weekdayNames,
} from './business-hours/business-week.js';
import {
  type FirstResponseClockLoader,
  firstResponseClockLoader,
} from './business-hours/load-first-response-clock.js';
import type { Env } from './env.js';
import type { AcknowledgementOptions } from './notifications/message-mails.js';
import type { ReplySettings } from './conversations/reply-mail.js';
import { fileMailer, type Mailer, smtpMailer } from './queue/mailer.js';
import type { SiteFacts } from './site/site-facts.js';
import { scriptsOf } from './spam/content-signals.js';
import type { SpamDigestSettings } from './spam/spam-digests.js';
import type { SpamSettings } from './spam/spam-filter.js';
import type { WebhookSettings } from './webhooks/start-webhooks.js';
import type { AddressPolicy } from './webhooks/webhook-address.js';

/**
 * The settings that follow from other settings and from the built brand (site.json), worked out here
 * once for the server and the command line alike.
 */

/** SMTP when SMTP_URL is set; otherwise each mail is written as an .eml file under DATA_DIR/mail. */
export const mailerOf = (env: Env): Mailer =>
  env.SMTP_URL ? smtpMailer(env.SMTP_URL) : fileMailer(env.DATA_DIR);

/** Who the site's mails come from and go to, and what they call the site. */
export const mailSettingsOf = (env: Env, site: SiteFacts) => ({
  siteName: site.name,
  siteUrl: env.SITE_URL,
  from: env.MAIL_FROM ?? site.email,
  notifyTo: env.NOTIFY_TO.length > 0 ? env.NOTIFY_TO : [site.email],
  /** Minutes a mailed operator sign-in link works. */
  linkMinutes: env.ADMIN_LINK_MINUTES,
});

export type MailSettings = ReturnType<typeof mailSettingsOf>;

/** What operators' replies are sent as: the company's name and the mailbox answers come back to. */
export const replySettingsOf = (env: Env, site: SiteFacts): ReplySettings => ({
  companyName: site.name,
  address: env.REPLY_ADDRESS ?? env.MAIL_FROM ?? site.email,
});

/**
 * The visitor's acknowledgement: from MAIL_FROM, signed with the brand, answered to the replies' mailbox,
 * promising an answer by the first-response clock's due time.
 */
export const acknowledgementSettingsOf = (
  env: Env,
  site: SiteFacts,
  mail: MailSettings,
  reply: ReplySettings,
  firstResponse: FirstResponseClockLoader,
  secret: () => string,
): AcknowledgementOptions => ({
  siteName: site.name,
  legalName: site.legalName,
  addressLines: site.addressLines,
  email: site.email,
  siteUrl: env.SITE_URL,
  from: mail.from,
  replyAddress: reply.address,
  timeZone: env.BUSINESS_TIME_ZONE,
  answerExpectedBy: async (receivedAt) => (await firstResponse()).answerExpectedBy(receivedAt),
  secret,
});

/** The site keys the contact API accepts: SITE_KEYS, or the build's own. */
export const siteKeysOf = (env: Env, site: SiteFacts) =>
  env.SITE_KEYS.length > 0 ? env.SITE_KEYS : [site.siteKey];

/** What the spam filter is told: whether it judges, the threshold, whether the classifier votes, the site's scripts. */
export const spamSettingsOf = (env: Env, site: SiteFacts): SpamSettings => ({
  filter: env.SPAM_FILTER === 'on',
  threshold: env.SPAM_THRESHOLD,
  possiblyThreshold: Math.min(env.SPAM_POSSIBLY_THRESHOLD, env.SPAM_THRESHOLD),
  classifier: env.SPAM_CLASSIFIER === 'on',
  siteScripts: scriptsOf(site.languages),
});

/** The daily spam digest: to NOTIFY_TO at SPAM_DIGEST_HOUR in BUSINESS_TIME_ZONE. */
export const spamDigestSettingsOf = (env: Env, mail: MailSettings): SpamDigestSettings => ({
  siteName: mail.siteName,
  from: mail.from,
  to: mail.notifyTo,
  siteUrl: mail.siteUrl,
  timeZone: env.BUSINESS_TIME_ZONE,
  retentionDays: env.SPAM_RETENTION_DAYS,
  hour: env.SPAM_DIGEST_HOUR,
  pollMs: env.OUTBOX_POLL_MS,
});

/** The weekly analytics mail: to NOTIFY_TO on ANALYTICS_WEEKLY_MAIL_DAY at its hour in BUSINESS_TIME_ZONE. */
export const weeklyMailsSettingsOf = (env: Env, mail: MailSettings): WeeklyMailsSettings => ({
  siteName: mail.siteName,
  from: mail.from,
  to: mail.notifyTo,
  siteUrl: mail.siteUrl,
  weekday: weekdayNames.indexOf(env.ANALYTICS_WEEKLY_MAIL_DAY) + 1,
  hour: env.ANALYTICS_WEEKLY_MAIL_HOUR,
  timeZone: env.BUSINESS_TIME_ZONE,
  pollMs: env.OUTBOX_POLL_MS,
});

/** Where webhooks may go: https only in production, private addresses only when allowed. */
export const webhookPolicyOf = (env: Env): AddressPolicy => ({
  requireHttps: env.NODE_ENV === 'production',
  allowPrivate: env.WEBHOOK_ALLOW_PRIVATE_ADDRESSES === 'true',
});

/** How webhooks are posted and retried, and the settings' endpoint. */
export function webhookSettingsOf(env: Env, site: SiteFacts): WebhookSettings {
  const policy = webhookPolicyOf(env);
  return {
    policy,
    post: {
      connectTimeoutMs: env.WEBHOOK_CONNECT_TIMEOUT_MS,
      timeoutMs: env.WEBHOOK_TIMEOUT_MS ?? Math.min(15_000, Math.floor(env.OUTBOX_LEASE_MS / 2)),
      allowPrivate: policy.allowPrivate,
      userAgent: `${site.name} webhooks`,
      // As many connections to one receiver as deliveries in flight: none waits for a socket on its clock.
      connections: env.WEBHOOK_DELIVERIES_AT_ONCE,
    },
    retry: {
      firstDelayMs: env.WEBHOOK_RETRY_FIRST_MS,
      maxDelayMs: env.WEBHOOK_RETRY_MAX_MS,
      forMs: env.WEBHOOK_RETRY_HOURS * 3_600_000,
    },
    atOnce: env.WEBHOOK_DELIVERIES_AT_ONCE,
    fromSettings:
      env.WEBHOOK_URL && env.WEBHOOK_SECRET
        ? { url: env.WEBHOOK_URL, secret: env.WEBHOOK_SECRET }
        : undefined,
  };
}

/** A setting env.ts has checked, parsed. */
const parsedSetting = <T>(value: T | string | undefined): T => {
  if (value === undefined || typeof value === 'string') throw new Error(`unchecked setting: ${value}`);
  return value;
};

/** When the company works: BUSINESS_TIME_ZONE, BUSINESS_DAYS, BUSINESS_HOURS and the holidays. */
export const businessHoursSettingsOf = (env: Env): BusinessHoursSettings => ({
  timeZone: env.BUSINESS_TIME_ZONE,
  weekdays: parsedSetting(parseWeekdays(env.BUSINESS_DAYS)),
  hours: parsedSetting(parseOpeningHours(env.BUSINESS_HOURS)),
  holidays: {
    country: env.BUSINESS_HOLIDAYS === 'none' ? null : env.BUSINESS_HOLIDAYS,
    closed: env.BUSINESS_CLOSED_DAYS,
    open: env.BUSINESS_OPEN_DAYS,
  },
});

/** The first-response clock (FIRST_RESPONSE_TARGET in business hours), loaded when first asked for. */
export const firstResponseClockOf = (env: Env) =>
  firstResponseClockLoader(
    businessHoursSettingsOf(env),
    parsedSetting(parseDuration(env.FIRST_RESPONSE_TARGET)),
  );
