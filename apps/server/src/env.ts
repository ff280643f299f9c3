import { isIP } from 'node:net';
import { fileURLToPath } from 'node:url';
import { WEBHOOK_URL_MAX, webhookSecret, webhookUrlFormProblem } from '@site/api-contract';
import { z } from 'zod';
import {
  parseDuration,
  parseOpeningHours,
  parseWeekdays,
  weekdayNames,
} from './business-hours/business-week.js';
import { dayRuleProblem, knownHolidayCountry } from './business-hours/holiday-calendar.js';

const defaultWebRoot = fileURLToPath(new URL('../../web/build/client', import.meta.url));
const defaultInboxRoot = fileURLToPath(new URL('../../admin/build', import.meta.url));

const commaList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

/** Whether the runtime knows `name` as a time zone (IANA names such as Europe/Nicosia, and UTC). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** A text setting that `problem` finds nothing wrong with (derived-settings.ts parses it). */
const checked = (fallback: string, problem: (text: string) => string | undefined) =>
  z
    .string()
    .default(fallback)
    .superRefine((text, context) => {
      const message = problem(text);
      if (message) context.addIssue({ code: 'custom', message });
    });

/** The problem `parse` answers (a string) instead of a value, if any. */
const problemOf =
  <T>(parse: (text: string) => T | string) =>
  (text: string) => {
    const value = parse(text);
    return typeof value === 'string' ? value : undefined;
  };

const dayRules = commaList.superRefine((days, context) => {
  for (const message of days.map(dayRuleProblem)) if (message) context.addIssue({ code: 'custom', message });
});

const milliseconds = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const PROXY_FORMS =
  "give the reverse proxy's addresses or CIDRs, comma-separated (127.0.0.1, 10.0.0.0/8), or false";

/** Why one TRUST_PROXY entry is refused, or undefined when it is an IP address or CIDR. */
function proxyEntryProblem(entry: string): string | undefined {
  if (entry === 'true')
    return `true trusted every X-Forwarded-For entry, which clients write themselves; ${PROXY_FORMS}`;
  if (/^\d+$/.test(entry))
    return `a hop count lets a client that reaches the server directly choose its address; ${PROXY_FORMS}`;
  const [address = '', prefix, ...rest] = entry.split('/');
  const maxPrefix = isIP(address) === 4 ? 32 : 128;
  const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= maxPrefix);
  if (!isIP(address) || !prefixOk || rest.length > 0)
    return `${entry} is not an IP address or CIDR; ${PROXY_FORMS}`;
  return undefined;
}

const trustedProxies = commaList
  .transform((entries) => (entries.length === 1 && ['false', '0'].includes(entries[0]!) ? [] : entries))
  .superRefine((entries, context) => {
    for (const message of entries.map(proxyEntryProblem)) {
      if (message) context.addIssue({ code: 'custom', message });
    }
  });

/** Every setting of the server. Nothing else reads process.env. */
const settings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_ROOT: z.string().min(1).default(defaultWebRoot),
  /** The operators' inbox app, served at /admin. */
  INBOX_ROOT: z.string().min(1).default(defaultInboxRoot),
  DATA_DIR: z.string().min(1).default('./data'),
  /**
   * postgres:// URL: store in PostgreSQL instead of DATA_DIR/site.db, so several instances can share the
   * data. DATA_DIR still holds the generated app secret and notifications written as files.
   */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Connections each instance keeps open to PostgreSQL at most. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** How long a query waits for a lock held by another process (an operator command) before it fails. */
  DB_LOCK_TIMEOUT_MS: milliseconds(5_000),
  /** Accepted `guid` header values, one per white-label site; default: the built brand's site key. */
  SITE_KEYS: commaList,
  /** Other origins allowed to call the API from a browser (CORS), e.g. https://partner.example. */
  CORS_ORIGINS: commaList.pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /** 0 switches the limit off: for load benchmarks only. */
  CONTACT_RATE_PER_MINUTE: z.coerce.number().int().min(0).default(5),
  CONTACT_RATE_PER_DAY: z.coerce.number().int().min(0).default(50),
  /**
   * The reverse proxies whose X-Forwarded-* headers count, by address or CIDR; none by default. The
   * visitor's address is then the last X-Forwarded-For entry that is not one of them.
   */
  TRUST_PROXY: trustedProxies,
  /** smtp:// or smtps:// URL of the mail server; without it notifications are written as .eml files. */
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  /** Who hears of each message; default: the brand's support address. */
  NOTIFY_TO: commaList.pipe(z.array(z.email())),
  /** Sender of notifications; default: the brand's support address. */
  MAIL_FROM: z.email().optional(),
  /**
   * The company's mailbox that operators' replies come from and visitors' answers go back to (with a
   * +token for the conversation); default: MAIL_FROM, or the brand's support address.
   */
  REPLY_ADDRESS: z.email().optional(),
  /**
   * The company's mailbox that visitors' answers (and other mail) are read from: imaps:// (or imap://)
   * user:password@host:port/MAILBOX. Without it no mail is read. In production an imap:// mailbox is read
   * only after STARTTLS: never in plain text.
   */
  IMAP_URL: z.url({ protocol: /^imaps?$/ }).optional(),
  /** The folder imported mails are moved to; without it they stay in the mailbox, flagged seen. */
  IMAP_MOVE_TO: z.string().min(1).max(200).optional(),
  /** How often the mailbox is read besides what IDLE announces; 30 s at most. */
  IMAP_POLL_MS: z.coerce.number().int().min(1000).max(30_000).default(30_000),
  /** A larger mail is left in the mailbox, unread, and logged. */
  INBOUND_MAX_BYTES: z.coerce.number().int().min(10_000).default(26_214_400),
  /** A larger attachment of an imported mail is left out; its name and size are noted in the text. */
  INBOUND_ATTACHMENT_MAX_BYTES: z.coerce.number().int().min(1).default(10_485_760),
  /**
   * The most mails filed a day from one sender, and the most answers a day in one conversation; more are
   * left in the mailbox, flagged $OverLimit.
   */
  INBOUND_DAILY_LIMIT: z.coerce.number().int().min(1).default(20),
  /** The most bytes of files kept from mail a day; later files are left out and named in the text. */
  INBOUND_DAILY_FILE_BYTES: z.coerce.number().int().min(0).default(524_288_000),
  /**
   * The authserv-id of the company's receiving mail server (the first word of the Authentication-Results
   * header it adds): only its DMARC outcome is believed. Unset: the topmost header's.
   */
  INBOUND_AUTHSERV_ID: z.string().trim().min(1).max(253).optional(),
  OUTBOX_RETRY_FIRST_MS: z.coerce.number().int().min(1).default(30_000),
  OUTBOX_RETRY_MAX_MS: z.coerce.number().int().min(1).default(3_600_000),
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(20),
  OUTBOX_POLL_MS: z.coerce.number().int().min(10).default(1000),
  /**
   * How long a claimed mail is held by the instance sending it; after that (the instance died) another
   * instance sends it. Far longer than a delivery may take (SMTP timeouts are set below it).
   */
  OUTBOX_LEASE_MS: z.coerce.number().int().min(1000).default(300_000),
  /** Days the link in the marketing confirmation mail works; unconfirmed consents then expire. */
  CONSENT_CONFIRM_DAYS: z.coerce.number().int().min(1).default(7),
  /** off: no acknowledgement mail to the visitor after a message (docs/inbox.md). */
  ACKNOWLEDGEMENT_MAIL: z.enum(['on', 'off']).default('on'),
  /** Public address of the site, for links in e-mails (unsubscribe). */
  SITE_URL: z
    .url({ protocol: /^https?$/ })
    .default('http://localhost:3000')
    .transform((url) => url.replace(/\/+$/, '')),
  /** Strict-Transport-Security: on by default when SITE_URL is https. */
  HSTS: z.enum(['auto', 'true', 'false']).default('auto'),
  /** Signs unsubscribe links and XSRF tokens; required in production (at least 32 characters). */
  APP_SECRET: z.string().min(32).optional(),
  /** Delete messages older than this many days, checked daily; unset keeps them. */
  RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
  /** off: the spam filter judges nothing, and only the honeypot makes spam (Spam / Not spam still train it). */
  SPAM_FILTER: z.enum(['on', 'off']).default('on'),
  /** Points from which the spam filter judges a message spam (docs/spam.md lists what each signal adds). */
  SPAM_THRESHOLD: z.coerce.number().min(1).max(100).default(5),
  /** Points from which a message not judged spam is labelled possibly spam (still in New and notified). */
  SPAM_POSSIBLY_THRESHOLD: z.coerce.number().min(0).max(100).default(1.5),
  /** Days a message judged or marked spam is kept before it is deleted with every trace. */
  SPAM_RETENTION_DAYS: z.coerce.number().int().min(1).default(30),
  /** off leaves the statistical classifier out of the verdicts (it still learns from the operators' marks). */
  SPAM_CLASSIFIER: z.enum(['on', 'off']).default('on'),
  /** off: no daily mail of what went to Spam (spam then stays until an operator opens it: docs/spam.md). */
  SPAM_DIGEST: z.enum(['on', 'off']).default('on'),
  /** The hour of the day (0-23, BUSINESS_TIME_ZONE) the spam digest goes out, with the 24 hours before it. */
  SPAM_DIGEST_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** The company's time zone (IANA name): the hour of daily mails, and the times they give. */
  BUSINESS_TIME_ZONE: z
    .string()
    .default('Europe/Nicosia')
    .refine(isTimeZone, 'is not a time zone name such as Europe/Nicosia or UTC'),
  /** The company's working days, in BUSINESS_TIME_ZONE: mon-fri, sun-thu, mon,wed,fri ... */
  BUSINESS_DAYS: checked('mon-fri', problemOf(parseWeekdays)),
  /** Its opening hours on each working day: 09:00-18:00, or spans such as 09:00-13:00,14:00-18:00. */
  BUSINESS_HOURS: checked('09:00-18:00', problemOf(parseOpeningHours)),
  /** The country whose public holidays close the company (ISO 3166 code, from date-holidays), or none. */
  BUSINESS_HOLIDAYS: checked('CY', (code) =>
    code === 'none' || knownHolidayCountry(code)
      ? undefined
      : `${code} is not a country code the holiday calendar knows (CY, GR ...) or none`,
  ),
  /** Days closed besides the holidays: 2026-12-24, 12-24 (every year), orthodox 2 (from Orthodox Easter). */
  BUSINESS_CLOSED_DAYS: dayRules,
  /** Holidays of BUSINESS_HOLIDAYS the company works on, in the same forms. */
  BUSINESS_OPEN_DAYS: dayRules,
  /** How soon a conversation should have its first reply, in business time: 4h, 90m, 1h30m. */
  FIRST_RESPONSE_TARGET: checked('4h', (text) =>
    parseDuration(text) === undefined ? `${text} is not a duration such as 4h, 90m or 1h30m` : undefined,
  ),
  /** Blank a message's IP address and user agent after this many days; the rate limit reads 24 h. */
  IP_RETENTION_DAYS: z.coerce.number().int().min(2).default(30),
  /** off: pages served are not counted (decision 066); nothing is written to the analytics tables. */
  ANALYTICS: z.enum(['on', 'off']).default('on'),
  /** Delete the daily analytics figures older than this many days, checked daily; unset keeps them. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
  /** How often the page views counted in memory are written to the database (and on close). */
  ANALYTICS_FLUSH_MS: milliseconds(1_000),
  /** A local MaxMind-format (.mmdb) file the views' country is looked up in; unset: no country. */
  ANALYTICS_GEOIP_DB: z.string().min(1).optional(),
  /** on: a weekly mail of last week's figures against the week before goes to NOTIFY_TO. */
  ANALYTICS_WEEKLY_MAIL: z.enum(['on', 'off']).default('off'),
  /** The weekday (BUSINESS_TIME_ZONE) the weekly figures go out, with the seven days before it. */
  ANALYTICS_WEEKLY_MAIL_DAY: z.enum(weekdayNames).default('mon'),
  /** The hour of that day (0-23, BUSINESS_TIME_ZONE) the weekly figures go out. */
  ANALYTICS_WEEKLY_MAIL_HOUR: z.coerce.number().int().min(0).max(23).default(8),
  /** Minutes a mailed operator sign-in link works (once). */
  ADMIN_LINK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /** An operator session ends after this many minutes without a request... */
  ADMIN_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  /** ...and this many hours after sign-in in any case. */
  ADMIN_SESSION_MAX_HOURS: z.coerce.number().int().min(1).default(12),
  /** Sign-in links one client address may ask for one e-mail address per hour (strangers elsewhere spend none of it). */
  ADMIN_LINK_RATE_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  /** Sign-in links asked for per client address and per hour, whatever e-mail addresses they name. */
  ADMIN_LINK_RATE_PER_IP: z.coerce.number().int().min(1).default(10),
  /** Sign-in attempts one client IP may fail or leave unfinished per hour (successful ones do not count). */
  ADMIN_SIGN_IN_RATE_PER_IP: z.coerce.number().int().min(1).default(30),
  /** The whole request, body included; the contact form's few KB need far less. */
  REQUEST_TIMEOUT_MS: milliseconds(10_000),
  /** Request line and headers; at most REQUEST_TIMEOUT_MS. */
  HEADERS_TIMEOUT_MS: milliseconds(5_000),
  /** An idle keep-alive connection between requests. */
  KEEP_ALIVE_TIMEOUT_MS: milliseconds(5_000),
  /** A connection on which no byte moves either way, also while the answer is sent. */
  CONNECTION_TIMEOUT_MS: milliseconds(30_000),
  /** Connections open at once; more are closed as they come, well before 1024 open files run out. */
  MAX_CONNECTIONS: z.coerce.number().int().min(1).default(900),
  /** After SIGTERM or SIGINT: time for requests in flight, the outbox and the database to close. */
  SHUTDOWN_TIMEOUT_MS: milliseconds(8_000),
  /**
   * One webhook endpoint from the settings, for every site and event, beside those made in the inbox:
   * https only in production. Its signing secret, WEBHOOK_SECRET, is required with it.
   */
  WEBHOOK_URL: z
    .url({ protocol: /^https?$/ })
    .max(WEBHOOK_URL_MAX)
    .optional(),
  /** `whsec_` and base64 (Standard Webhooks): the receiver verifies every delivery with it. */
  WEBHOOK_SECRET: webhookSecret.optional(),
  /**
   * true lets webhooks go to loopback, private and link-local addresses (a receiver on the company's own
   * network, tests); otherwise they are refused when an endpoint is saved and again at each delivery.
   */
  WEBHOOK_ALLOW_PRIVATE_ADDRESSES: z.enum(['true', 'false']).default('false'),
  /** Time to open a connection to a webhook receiver. */
  WEBHOOK_CONNECT_TIMEOUT_MS: milliseconds(5_000),
  /**
   * Time for a whole delivery, the receiver's answer included; shorter than OUTBOX_LEASE_MS. Unset: 15 s,
   * or half the lease when that is shorter.
   */
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
  /** The wait before a failed delivery's second attempt, doubling after each failure up to WEBHOOK_RETRY_MAX_MS. */
  WEBHOOK_RETRY_FIRST_MS: milliseconds(5_000),
  WEBHOOK_RETRY_MAX_MS: milliseconds(7_200_000),
  /** How long a delivery is tried after it was queued (or sent again) before it is failed: at least a day by default. */
  WEBHOOK_RETRY_HOURS: z.coerce.number().positive().default(27),
  /** Deliveries in flight at once, per instance. */
  WEBHOOK_DELIVERIES_AT_ONCE: z.coerce.number().int().min(1).max(100).default(8),
});

const timeouts = settings.pick({ HEADERS_TIMEOUT_MS: true, REQUEST_TIMEOUT_MS: true });
const webhookTimeouts = settings.pick({ WEBHOOK_TIMEOUT_MS: true, OUTBOX_LEASE_MS: true });

export const envSchema = settings
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    path: ['HEADERS_TIMEOUT_MS'],
    message: 'must not be longer than REQUEST_TIMEOUT_MS',
    // Zod skips this check once another setting is bad; run it whenever both timeouts are valid numbers.
    when: (payload) => timeouts.safeParse(payload.value).success,
  })
  .refine((env) => env.WEBHOOK_TIMEOUT_MS === undefined || env.WEBHOOK_TIMEOUT_MS < env.OUTBOX_LEASE_MS, {
    path: ['WEBHOOK_TIMEOUT_MS'],
    message:
      'must be shorter than OUTBOX_LEASE_MS, or another instance would send a delivery still in flight',
    when: (payload) => webhookTimeouts.safeParse(payload.value).success,
  })
  .superRefine((env, context) => {
    if (env.WEBHOOK_URL === undefined) return;
    if (env.WEBHOOK_SECRET === undefined)
      context.addIssue({ code: 'custom', path: ['WEBHOOK_SECRET'], message: 'is required with WEBHOOK_URL' });
    const problem = webhookUrlFormProblem(env.WEBHOOK_URL, env.NODE_ENV === 'production');
    if (problem) context.addIssue({ code: 'custom', path: ['WEBHOOK_URL'], message: problem });
  });

export type Env = z.infer<typeof envSchema>;

export class EnvError extends Error {}

/** Reads the settings, or throws an EnvError that names every bad value. */
export function readEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid settings:\n${problems.join('\n')}`);
}
