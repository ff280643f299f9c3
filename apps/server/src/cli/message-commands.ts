import { commandLine } from '../audit/audit-log.js';
import { oneLine } from '../http/one-line.js';
import { summaryView } from '../inbox/message-views.js';
import { shownVerdict } from '../spam/message-verdict.js';
import { readReasons } from '../spam/reason-details.js';
import { type Command, CommandError, isoDate, UsageError } from './command.js';

/** What the inbox shows and does, on the command line: each read of a message's content audited. */
export const messageCommands: Record<string, Command> = {
  list: {
    usage: 'list [--since DATE] [--search TEXT] [--spam] [--json]',
    help: 'Messages, newest first: id, time, name, e-mail and subject; possibly spam ones say so. --spam lists what the spam filter caught (and what was marked spam) instead, each with its points. --json gives each as the inbox lists it, with its spam verdict (not-spam, possibly-spam, spam), score and reasons.',
    options: {
      since: { type: 'string' },
      search: { type: 'string' },
      spam: { type: 'boolean' },
      json: { type: 'boolean' },
    },
    async run({ services, io }, values) {
      const rows = await services.inbox.list({
        spam: Boolean(values.spam),
        since: isoDate(values.since, 'since'),
        search: typeof values.search === 'string' ? values.search : undefined,
      });
      if (values.json) {
        const clockOf = await services.inbox.clocksAt();
        const listed = rows.map((row) => ({
          ...summaryView(row, clockOf(row)),
          spamReasons: readReasons(row.spam_reasons),
        }));
        io.out(JSON.stringify(listed, null, 2));
      } else
        for (const row of rows) {
          const points = values.spam && row.spam_score !== null ? `  [${row.spam_score} points]` : '';
          const label = shownVerdict(row) === 'possibly-spam' ? '  [possibly spam]' : '';
          io.out(
            `${row.id}  ${row.received_at}  ${oneLine(row.name)} <${row.email}>  ${oneLine(row.subject)}${points}${label}`,
          );
        }
      io.err(`${rows.length} message(s)`);
    },
  },
  show: {
    usage: 'show ID',
    help: 'One message with every stored field.',
    async run({ services, io }, _values, [id]) {
      if (!id) throw new UsageError('show needs the message ID');
      const opened = await services.inbox.open(id, commandLine);
      if (!opened) throw new CommandError(`No message with id ${id}`);
      io.out(JSON.stringify(opened.message, null, 2));
    },
  },
  export: {
    usage: 'export --format csv|json [--since DATE]',
    help: 'Every message that is neither spam nor restricted, newest first, with its spam verdict, score and reasons, for a spreadsheet (csv) or a program (json).',
    options: { format: { type: 'string' }, since: { type: 'string' } },
    async run({ services, io }, values) {
      if (values.format !== 'csv' && values.format !== 'json')
        throw new UsageError('--format must be csv or json');
      const filter = { spam: false, since: isoDate(values.since, 'since') };
      io.out((await services.inbox.export(filter, values.format, commandLine)).trimEnd());
    },
  },
  outbox: {
    usage: 'outbox [retry [ID]]',
    help: 'Counts of the mails (notifications and confirmation links) by state, and the failed ones with their last error; "retry" queues failed ones again (all, with the spam digests, or those of message ID).',
    async run({ services, io }, _values, [action, id]) {
      const { inbox } = services;
      if (action === 'retry') {
        const queued = await inbox.retryMails(id, commandLine);
        if (queued === undefined) throw new CommandError(`No message with id ${id}`);
        io.out(`${queued} mail(s) queued again`);
        return;
      }
      if (action) throw new UsageError(`unknown outbox action "${action}"`);
      const { pending, failed, sent } = await inbox.mailCounts();
      io.out(`pending ${pending}  failed ${failed}  sent ${sent}`);
      for (const row of await inbox.failedMails())
        io.out(
          `failed  ${row.kind}  ${row.message_id}  after ${row.attempts} attempt(s): ${row.last_error ?? ''}`,
        );
    },
  },
};
