import { commandLine } from '../audit/audit-log.js';
import { UNSUBSCRIBE_PAGE_PATH } from '@site/api-contract';
import { csvDocument } from '../csv.js';
import type { Removal } from '../privacy/data-subject-repository.js';
import { createUnsubscribeToken } from '../privacy/unsubscribe-token.js';
import { LANGUAGE_PARAMETER } from '../site/server-page.js';
import { DAY_MS } from '../time.js';
import { type Command, CommandError, requiredSubjectEmail, UsageError } from './command.js';

/** The deletion is done, but old pages may still be in the write-ahead log: say so and exit 1. */
function requireClearedLog(removal: Removal) {
  if (!removal.logCleared)
    throw new CommandError(
      'another process kept the write-ahead log busy, so site.db-wal may still hold what was deleted: run the command again',
    );
}

/** A person's GDPR requests and the company's own deletions, audited as the inbox's are. */
export const privacyCommands: Record<string, Command> = {
  'subject-access': {
    usage: 'subject-access --email ADDRESS',
    help: 'Everything held about the address, as JSON (GDPR article 15).',
    options: { email: { type: 'string' } },
    async run({ services, io }, values) {
      const report = await services.privacy.access(requiredSubjectEmail(values.email), commandLine);
      io.out(JSON.stringify(report, null, 2));
    },
  },
  erase: {
    usage: 'erase --email ADDRESS',
    help: 'Deletes the messages and notifications of the address, their .eml copies, its answers by mail in any conversation and its opt-out entry, leaving no bytes of them in the database files (GDPR article 17). ADDRESS may be in any form mail comes from: a domain in Unicode or punycode, a quoted local part, an address literal.',
    options: { email: { type: 'string' } },
    async run({ services, io }, values) {
      const removal = await services.privacy.erase(requiredSubjectEmail(values.email), commandLine);
      io.out(
        `${removal.messages} message(s), ${removal.answers} answer(s) by mail and ${removal.notificationFiles} notification file(s) erased`,
      );
      requireClearedLog(removal);
    },
  },
  restrict: {
    usage: 'restrict --email ADDRESS',
    help: 'Keeps the data but leaves it out of exports and marketing (GDPR article 18).',
    options: { email: { type: 'string' } },
    async run({ services, io }, values) {
      const count = await services.privacy.restrict(requiredSubjectEmail(values.email), commandLine);
      io.out(`${count} message(s) restricted`);
    },
  },
  'opt-out': {
    usage: 'opt-out --email ADDRESS',
    help: "Withdraws the address's marketing consent and keeps it off the marketing list for good (GDPR article 21), as its unsubscribe link does.",
    options: { email: { type: 'string' } },
    async run({ services, io }, values) {
      const address = requiredSubjectEmail(values.email);
      await services.privacy.optOut(address, commandLine);
      io.out(`${address} opted out of marketing`);
    },
  },
  purge: {
    usage: 'purge --older-than DAYS',
    help: 'Deletes messages received more than DAYS days ago and their .eml copies (retention); spam that no sent digest listed and no operator opened stays.',
    options: { 'older-than': { type: 'string' } },
    async run({ services, io }, values) {
      const days = Number(values['older-than']);
      if (!Number.isInteger(days) || days < 1)
        throw new UsageError('--older-than must be a whole number of days');
      const before = new Date(Date.now() - days * DAY_MS).toISOString();
      const removal = await services.privacy.purgeReceivedBefore(before, commandLine);
      io.out(
        `${removal.messages} message(s) older than ${days} day(s) and ${removal.notificationFiles} notification file(s) deleted`,
      );
      requireClearedLog(removal);
    },
  },
  'marketing-list': {
    usage: 'marketing-list',
    help: 'CSV of the addresses that confirmed their opt-in through the mailed link and have not opted out, each with the language to write to them in (that of the page where the box was ticked), its personal unsubscribe link in that language (for the Unsubscribe link; its token also makes the one-click URL /api/unsubscribe?token=... for the List-Unsubscribe header), when the box was ticked (requested_at) and when the address confirmed (confirmed_at).',
    async run({ services, io, siteUrl, appSecret }) {
      const audience = await services.privacy.marketingAudience(commandLine);
      const secret = appSecret();
      const rows = audience.map(({ email, name, language, requested_at, confirmed_at }) => [
        email,
        name,
        language,
        `${siteUrl}${UNSUBSCRIBE_PAGE_PATH}?token=${createUnsubscribeToken(email, secret)}&${LANGUAGE_PARAMETER}=${language}`,
        requested_at,
        confirmed_at,
      ]);
      io.out(
        csvDocument(
          ['email', 'name', 'language', 'unsubscribe_url', 'requested_at', 'confirmed_at'],
          rows,
        ).trimEnd(),
      );
    },
  },
};
