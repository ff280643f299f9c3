import { anyEmailAddress, parseEmailAddress } from '@site/api-contract';
import type { Db } from '../db/database.js';
import type { MailSettings } from '../derived-settings.js';
import type { Mailer } from '../queue/mailer.js';
import type { dataServices } from '../services.js';

export type Io = { out: (text: string) => void; err: (text: string) => void };

/** What every command may use: the database and the services over it, and what the server's settings say. */
export type Context = {
  db: Db;
  services: ReturnType<typeof dataServices>;
  io: Io;
  dataDir: string;
  /** Set when the messages are in PostgreSQL, not in DATA_DIR/site.db. */
  databaseUrl: string | undefined;
  siteUrl: string;
  appSecret: () => string;
  /** The mailer and the mail settings, as the server has them (read from site.json); the caller closes the mailer. */
  mail: () => Promise<readonly [Mailer, MailSettings]>;
};

/** A command that runs before the database is opened, as it replaces the database file. */
export type OfflineContext = Pick<Context, 'io' | 'dataDir' | 'databaseUrl'>;

export type Values = Record<string, string | boolean | undefined>;

export type CommandOf<C> = {
  usage: string;
  help: string;
  options?: Record<string, { type: 'string' | 'boolean' }>;
  run: (ctx: C, values: Values, positionals: string[]) => Promise<void>;
};
export type Command = CommandOf<Context>;
export type OfflineCommand = CommandOf<OfflineContext>;

/** A mistake in how the command was called: exit code 2. */
export class UsageError extends Error {}
/** The command ran but could not do what was asked: exit code 1. */
export class CommandError extends Error {}

export function isoDate(value: string | boolean | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(String(value));
  if (Number.isNaN(time)) throw new UsageError(`--${name} must be a date such as 2026-01-31`);
  return new Date(time).toISOString();
}

/** An address checked as the inbox checks it, in its normal form; `what` names it in the error. */
export function requiredEmail(value: string | boolean | undefined, what = '--email ADDRESS'): string {
  const address = typeof value === 'string' ? parseEmailAddress(value) : undefined;
  if (!address) throw new UsageError(`${what} is required: a valid e-mail address`);
  return address;
}

/** The address a privacy request is about, in any form mail comes from (as the inbox takes it), normal. */
export function requiredSubjectEmail(value: string | boolean | undefined): string {
  const address = typeof value === 'string' ? parseEmailAddress(value, anyEmailAddress) : undefined;
  if (!address) throw new UsageError('--email ADDRESS is required: an e-mail address');
  return address;
}
