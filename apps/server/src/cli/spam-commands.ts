import { commandLine } from '../audit/audit-log.js';
import { readMailTexts } from '../spam/mail-files.js';
import { type Command, CommandError, type Context, UsageError } from './command.js';

/** Marks each message as the inbox's button does; the ids it did not find make the command fail at the end. */
async function mark({ services, io }: Context, ids: string[], spam: boolean) {
  if (ids.length === 0) throw new UsageError('give one message ID or more');
  const missing: string[] = [];
  for (const id of ids) {
    if (await services.inbox.markSpam(id, spam, commandLine)) io.out(`${id}  ${spam ? 'spam' : 'not spam'}`);
    else missing.push(id);
  }
  if (missing.length > 0) throw new CommandError(`No message with id ${missing.join(', ')}`);
}

/** The spam filter on the command line: the inbox's Spam and Not spam buttons, and learning from mail files. */
export const spamCommands: Record<string, Command> = {
  spam: {
    usage: 'spam ID...',
    help: "Moves the messages to spam, as the inbox's Spam button does, and the filter learns from them.",
    run: (context, _values, ids) => mark(context, ids, true),
  },
  'not-spam': {
    usage: 'not-spam ID...',
    help: "Moves the messages out of spam to New, as the inbox's Not spam button does: each is notified then (once), and the filter learns from them.",
    run: (context, _values, ids) => mark(context, ids, false),
  },
  train: {
    usage: 'train [--spam PATH] [--ham PATH]',
    help: "Teaches the spam filter from mails the company already sorted, as sa-learn does: .eml files or mbox files, or folders of them; --spam for spam, --ham for real mail. It reads the sender's name and address, the subject and the text of each, and keeps only keyed hashes of their words.",
    options: { spam: { type: 'string' }, ham: { type: 'string' } },
    async run({ services, io }, values) {
      const sets = (['spam', 'ham'] as const).flatMap((kind) =>
        typeof values[kind] === 'string' ? [{ kind, path: values[kind] }] : [],
      );
      if (sets.length === 0) throw new UsageError('give --spam PATH, --ham PATH or both');
      const learnt: string[] = [];
      for (const { kind, path } of sets) {
        const { texts, skipped } = await readMailTexts(path).catch((error: NodeJS.ErrnoException) => {
          throw new CommandError(`Cannot read ${path}: ${error.code ?? error.message}`);
        });
        const count = await services.training.learnTexts(kind, texts);
        io.out(
          `${count} ${kind === 'spam' ? 'spam' : 'real'} mail(s) learnt from ${path}${skipped > 0 ? `, ${skipped} unreadable skipped` : ''}`,
        );
        learnt.push(`${count} ${kind}`);
      }
      await services.audit.record({
        ...commandLine,
        action: 'train-spam-filter',
        target: `${learnt.join(', ')} mail(s) from files`,
      });
    },
  },
};
