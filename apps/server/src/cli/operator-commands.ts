import { commandLine as CLI } from '../audit/audit-log.js';
import { operatorAccess, SignInMailError } from '../operators/operator-access.js';
import { operatorRepository } from '../operators/operator-repository.js';
import { signInLinkUrl } from '../operators/sign-in-mail.js';
import { type Command, CommandError, type Context, requiredEmail, UsageError } from './command.js';

const requiredAddress = (email: string | undefined) => requiredEmail(email, 'EMAIL');

/** The operator service with the server's mailer, closed when `use` is done. */
async function withAccess<T>(
  { db, mail }: Context,
  use: (access: ReturnType<typeof operatorAccess>, siteUrl: string) => Promise<T>,
) {
  const [mailer, settings] = await mail();
  try {
    return await use(operatorAccess(db, mailer, settings), settings.siteUrl);
  } finally {
    mailer.close();
  }
}

/** `operator invite|list|revoke|passkeys|remove-passkey`: who may sign in to the inbox, and with which passkeys. */
const messagesCommand: Command = {
  usage:
    'operator invite EMAIL [--print-link] | operator list | operator revoke EMAIL | operator passkeys EMAIL | operator remove-passkey EMAIL ID',
  help: "invite adds (or reinstates) an operator and mails them a one-time sign-in link, with which they set up a passkey; it also replaces a lost passkey, and retires any earlier link. --print-link prints the link as well, for when mail does not reach them (treat it as a password). list shows every operator; revoke ends their sessions at once, deletes their passkeys and unused links, and keeps them out. passkeys lists an operator's passkeys with their ids; remove-passkey deletes one (a lost or stolen one; the id, or its first 8 or more characters) and ends the sessions it started.",
  options: { 'print-link': { type: 'boolean' } },
  async run(context, values, positionals) {
    const [action, email, passkeyId] = positionals;
    const { io } = context;
    if (action === 'list') {
      const operators = await operatorRepository(context.db).list();
      for (const row of operators)
        io.out(
          [
            row.email,
            `added ${row.created_at}`,
            `${row.passkeys} passkey(s)`,
            `last sign-in ${row.last_sign_in_at ?? 'never'}`,
            ...(row.revoked_at ? [`revoked ${row.revoked_at}`] : []),
          ].join('  '),
        );
      io.err(`${operators.length} operator(s)`);
      return;
    }
    if (action === 'invite') {
      const address = requiredAddress(email);
      await withAccess(context, async (access, siteUrl) => {
        try {
          const { operator, created, token } = await access.invite(address, CLI);
          io.out(`${created ? 'invited' : 'sent a new sign-in link to'} ${operator.email}`);
          if (values['print-link']) io.out(signInLinkUrl(siteUrl, token));
        } catch (error) {
          if (!(error instanceof SignInMailError)) throw error;
          throw new CommandError(`no sign-in link went to ${address}: ${error.message}`);
        }
      });
      return;
    }
    if (action === 'revoke') {
      const operator = await withAccess(context, (access) => access.revoke(requiredAddress(email), CLI));
      if (!operator) throw new CommandError(`no operator ${email}`);
      io.out(`revoked ${operator.email}; their sessions have ended and their passkeys are deleted`);
      return;
    }
    if (action === 'passkeys' || action === 'remove-passkey') {
      const address = requiredAddress(email);
      if (action === 'remove-passkey' && !passkeyId)
        throw new UsageError('remove-passkey needs EMAIL and ID');
      await withAccess(context, async (access) => {
        const operator = await access.operators.byEmail(address);
        if (!operator) throw new CommandError(`no operator ${address}`);
        const passkeys = await access.passkeysOf(operator.id);
        if (action === 'passkeys') {
          for (const row of passkeys)
            io.out(
              [
                row.credential_id,
                row.name,
                `added ${row.created_at}`,
                `last used ${row.last_used_at ?? 'never'}`,
                ...(row.flagged_at ? [`FLAGGED ${row.flagged_at} (a copy was used; remove it)`] : []),
              ].join('  '),
            );
          io.err(`${passkeys.length} passkey(s)`);
          return;
        }
        const matching = passkeys.filter(
          (row) =>
            row.credential_id === passkeyId ||
            (passkeyId!.length >= 8 && row.credential_id.startsWith(passkeyId!)),
        );
        if (matching.length !== 1)
          throw new CommandError(
            matching.length === 0
              ? `${operator.email} has no passkey ${passkeyId} (see: operator passkeys ${operator.email})`
              : `${passkeyId} names more than one passkey of ${operator.email}: give more of the id`,
          );
        await access.removePasskey(operator.id, matching[0]!.credential_id, CLI);
        io.out(
          `removed passkey "${matching[0]!.name}" of ${operator.email}; the sessions it started have ended`,
        );
      });
      return;
    }
    throw new UsageError(
      action
        ? `unknown operator action "${action}"`
        : 'operator needs invite, list, revoke, passkeys or remove-passkey',
    );
  },
};

export const operatorCommands: Record<string, Command> = { operator: messagesCommand };
