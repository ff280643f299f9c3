import { parseArgs } from 'node:util';
import { consentRepository } from '../consent/consent-repository.js';
import { exportDocument } from '../contact/message-export.js';
import { messageQueries } from '../contact/message-queries.js';
import { backupDatabase, BackupError, restoreDatabase } from '../db/backup.js';
import type { Db } from '../db/database.js';
import { oneLine } from '../http/one-line.js';
import type { Mailer } from '../notifications/mailer.js';
import type { SignInMailSettings } from '../operators/sign-in-mail.js';
import { outboxRepository } from '../notifications/outbox-repository.js';
import { dataSubjects, type Removal } from '../privacy/data-subject.js';
import { createUnsubscribeToken } from '../privacy/unsubscribe-token.js';
import { csvDocument } from '../csv.js';
import { operatorCommand } from './operator-command.js';

export type Io = { out: (text: string) => void; err: (text: string) => void };
export type Context = {
  db: Db;
  io: Io;
  dataDir: string;
  /** Set when the messages are in PostgreSQL, not in DATA_DIR/site.db. */
  databaseUrl: string | undefined;
  siteUrl: string;
  appSecret: () => string;
  /** The mailer and the settings of sign-in links, as the server has them; the caller closes the mailer. */
  signInMail: () => Promise<[Mailer, SignInMailSettings]>;
};

/** backup and restore copy SQLite's file; PostgreSQL has its own tools for that. */
function requireSqlite(databaseUrl: string | undefined) {
  if (databaseUrl)
    throw new CommandError(
      'DATABASE_URL is set: the messages are in PostgreSQL. Back it up with pg_dump and restore with pg_restore (README, "Backups").',
    );
}

/** A mistake in how the command was called: exit code 2. */
export class UsageError extends Error {}
/** The command ran but could not do what was asked: exit code 1. */
export class CommandError extends Error {}

type CommandOf<C> = {
  usage: string;
  help: string;
  options?: Record<string, { type: 'string' | 'boolean' }>;
  run: (ctx: C, values: Record<string, string | boolean | undefined>, positionals: string[]) => Promise<void>;
};
type Command = CommandOf<Context>;
type OfflineCommand = CommandOf<Omit<Context, 'db'>>;

const DAY_MS = 24 * 60 * 60 * 1000;

/** The deletion is done, but old pages may still be in the write-ahead log: say so and exit 1. */
function requireClearedLog(removal: Removal) {
  if (!removal.logCleared)
    throw new CommandError(
      'another process kept the write-ahead log busy, so site.db-wal may still hold what was deleted: run the command again',
    );
}

function isoDate(value: string | boolean | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  const time = Date.parse(String(value));
  if (Number.isNaN(time)) throw new UsageError(`--${name} must be a date such as 2026-01-31`);
  return new Date(time).toISOString();
}

function requiredEmail(value: string | boolean | undefined): string {
  if (typeof value !== 'string' || !value.includes('@')) throw new UsageError('--email ADDRESS is required');
  return value;
}

export const commands: Record<string, Command> = {
  list: {
    usage: 'list [--since DATE] [--search TEXT] [--spam]',
    help: 'Messages, newest first: id, time, name, e-mail and subject. --spam lists the honeypot catches instead.',
    options: { since: { type: 'string' }, search: { type: 'string' }, spam: { type: 'boolean' } },
    async run({ db, io }, values) {
      const rows = await messageQueries(db).list({
        spam: Boolean(values.spam),
        since: isoDate(values.since, 'since'),
        search: typeof values.search === 'string' ? values.search : undefined,
      });
      for (const row of rows)
        io.out(`${row.id}  ${row.received_at}  ${oneLine(row.name)} <${row.email}>  ${oneLine(row.subject)}`);
      io.err(`${rows.length} message(s)`);
    },
  },
  show: {
    usage: 'show ID',
    help: 'One message with every stored field.',
    async run({ db, io }, _values, [id]) {
      if (!id) throw new UsageError('show needs the message ID');
      const row = await messageQueries(db).byId(id);
      if (!row) throw new CommandError(`No message with id ${id}`);
      io.out(JSON.stringify(row, null, 2));
    },
  },
  export: {
    usage: 'export --format csv|json [--since DATE]',
    help: 'Every message that is neither spam nor restricted, for a spreadsheet (csv) or a program (json).',
    options: { format: { type: 'string' }, since: { type: 'string' } },
    async run({ db, io }, values) {
      if (values.format !== 'csv' && values.format !== 'json')
        throw new UsageError('--format must be csv or json');
      const rows = await messageQueries(db).exportable(isoDate(values.since, 'since'));
      io.out(exportDocument(rows, values.format).trimEnd());
    },
  },
  outbox: {
    usage: 'outbox [retry [ID]]',
    help: 'Counts of the mails (notifications and confirmation links) by state, and the failed ones with their last error; "retry" queues failed ones again (all, or those of message ID).',
    async run({ db, io }, _values, [action, id]) {
      const outbox = outboxRepository(db);
      if (action === 'retry') {
        io.out(`${await outbox.retryFailed(id)} mail(s) queued again`);
        return;
      }
      if (action) throw new UsageError(`unknown outbox action "${action}"`);
      const { pending, failed, sent } = await outbox.countByStatus();
      io.out(`pending ${pending}  failed ${failed}  sent ${sent}`);
      for (const row of await outbox.failed())
        io.out(
          `failed  ${row.kind}  ${row.message_id}  after ${row.attempts} attempt(s): ${row.last_error ?? ''}`,
        );
    },
  },
  'subject-access': {
    usage: 'subject-access --email ADDRESS',
    help: 'Everything held about the address, as JSON (GDPR article 15).',
    options: { email: { type: 'string' } },
    async run({ db, io, dataDir }, values) {
      io.out(JSON.stringify(await dataSubjects(db, dataDir).access(requiredEmail(values.email)), null, 2));
    },
  },
  erase: {
    usage: 'erase --email ADDRESS',
    help: 'Deletes the messages and notifications of the address, their .eml copies and its opt-out entry, leaving no bytes of them in the database files (GDPR article 17).',
    options: { email: { type: 'string' } },
    async run({ db, io, dataDir }, values) {
      const removal = await dataSubjects(db, dataDir).erase(requiredEmail(values.email));
      io.out(`${removal.messages} message(s) and ${removal.notificationFiles} notification file(s) erased`);
      requireClearedLog(removal);
    },
  },
  restrict: {
    usage: 'restrict --email ADDRESS',
    help: 'Keeps the data but leaves it out of exports and marketing (GDPR article 18).',
    options: { email: { type: 'string' } },
    async run({ db, io, dataDir }, values) {
      const count = await dataSubjects(db, dataDir).restrict(requiredEmail(values.email));
      io.out(`${count} message(s) restricted`);
    },
  },
  purge: {
    usage: 'purge --older-than DAYS',
    help: 'Deletes messages received more than DAYS days ago and their .eml copies (retention).',
    options: { 'older-than': { type: 'string' } },
    async run({ db, io, dataDir }, values) {
      const days = Number(values['older-than']);
      if (!Number.isInteger(days) || days < 1)
        throw new UsageError('--older-than must be a whole number of days');
      const removal = await dataSubjects(db, dataDir).purgeReceivedBefore(
        new Date(Date.now() - days * DAY_MS).toISOString(),
      );
      io.out(
        `${removal.messages} message(s) older than ${days} day(s) and ${removal.notificationFiles} notification file(s) deleted`,
      );
      requireClearedLog(removal);
    },
  },
  backup: {
    usage: 'backup FILE',
    help: 'Writes a consistent copy of the database to FILE (a new file) while the server keeps running: every message acknowledged before the backup began is in it. Restore it with restore FILE.',
    async run({ db, io, databaseUrl }, _values, [file]) {
      if (!file) throw new UsageError('FILE is required');
      requireSqlite(databaseUrl);
      await withBackupErrors(() => backupDatabase(db, file));
      io.out(`backup written to ${file}`);
    },
  },
  operator: operatorCommand,
  'marketing-list': {
    usage: 'marketing-list',
    help: 'CSV of the addresses that confirmed their opt-in through the mailed link and have not opted out, each with its personal unsubscribe link (for the Remove button; its token also makes the one-click URL /api/unsubscribe?token=... for the List-Unsubscribe header), when the box was ticked (requested_at) and when the address confirmed (confirmed_at).',
    async run({ db, io, siteUrl, appSecret }) {
      const audience = await consentRepository(db).audience();
      const secret = appSecret();
      const rows = audience.map(({ email, name, requested_at, confirmed_at }) => [
        email,
        name,
        `${siteUrl}/unsubscribe?token=${createUnsubscribeToken(email, secret)}`,
        requested_at,
        confirmed_at,
      ]);
      io.out(
        csvDocument(['email', 'name', 'unsubscribe_url', 'requested_at', 'confirmed_at'], rows).trimEnd(),
      );
    },
  },
};

/** Commands that must run before the database is opened, as it replaces the database file. */
export const offlineCommands: Record<string, OfflineCommand> = {
  restore: {
    usage: 'restore FILE',
    help: 'Puts the backup FILE in place as the database of DATA_DIR, which must have none yet: on a new machine, or with the server stopped and the old site.db (and site.db-wal, site.db-shm) moved away. Start the server afterwards.',
    async run({ io, dataDir, databaseUrl }, _values, [file]) {
      if (!file) throw new UsageError('FILE is required');
      requireSqlite(databaseUrl);
      const { messages } = await withBackupErrors(async () => restoreDatabase(file, dataDir));
      io.out(`restored ${messages} message(s) from ${file} into ${dataDir}`);
    },
  },
};

async function withBackupErrors<T>(task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    if (error instanceof BackupError) throw new CommandError(error.message);
    throw error;
  }
}

type Found = { offline: false; command: Command } | { offline: true; command: OfflineCommand };

export function findCommand(name: string): Found | undefined {
  if (Object.hasOwn(commands, name)) return { offline: false, command: commands[name]! };
  if (Object.hasOwn(offlineCommands, name)) return { offline: true, command: offlineCommands[name]! };
  return undefined;
}

/** Every command's usage line, for the overview. */
export const usageLines = () =>
  [...Object.values(commands), ...Object.values(offlineCommands)].map((c) => c.usage);

export function commandHelp(name: string): string {
  const { command } = findCommand(name)!;
  return `npm run messages -- ${command.usage}\n\n${command.help}`;
}

export function parseCommand(name: string, args: string[]) {
  const found = findCommand(name);
  if (!found) throw new UsageError(`unknown command "${name}"`);
  try {
    const { values, positionals } = parseArgs({
      args,
      options: found.command.options ?? {},
      allowPositionals: true,
      strict: true,
    });
    return { ...found, values, positionals };
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}
