import { isValidEmail } from '@site/contact';
import { operatorAccess, revokeOperator, SignInMailError } from '../admin/operator-access.js';
import { operatorRepository } from '../admin/operator-repository.js';
import { signInLinkUrl } from '../admin/sign-in-mail.js';
import type { Context } from './commands.js';
import { CommandError, UsageError } from './commands.js';

const CLI = { operatorId: null, via: 'cli' } as const;

function requiredAddress(email: string | undefined): string {
  if (!email || !isValidEmail(email)) throw new UsageError('an e-mail address is required');
  return email;
}

/** `operator invite|list|revoke`: who may sign in to the inbox. */
export const operatorCommand = {
  usage: 'operator invite EMAIL [--print-link] | operator list | operator revoke EMAIL',
  help: 'invite adds (or reinstates) an operator and mails them a one-time sign-in link, with which they set up a passkey; it also replaces a lost passkey. --print-link prints the link as well, for when mail does not reach them (treat it as a password). list shows every operator; revoke ends their sessions at once and keeps them out.',
  options: { 'print-link': { type: 'boolean' as const } },
  async run(
    { db, io, signInMail }: Context,
    values: Record<string, string | boolean | undefined>,
    [action, email]: string[],
  ) {
    if (action === 'list') {
      const operators = await operatorRepository(db).list();
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
      const [mailer, settings] = await signInMail();
      try {
        const { operator, created, token } = await operatorAccess(db, mailer, settings).invite(address, CLI);
        io.out(`${created ? 'invited' : 'sent a new sign-in link to'} ${operator.email}`);
        if (values['print-link']) io.out(signInLinkUrl(settings.siteUrl, token));
      } catch (error) {
        if (!(error instanceof SignInMailError)) throw error;
        throw new CommandError(`no sign-in link went to ${address}: ${error.message}`);
      } finally {
        mailer.close();
      }
      return;
    }
    if (action === 'revoke') {
      const operator = await revokeOperator(db, requiredAddress(email), CLI);
      if (!operator) throw new CommandError(`no operator ${email}`);
      io.out(`revoked ${operator.email}; their sessions have ended`);
      return;
    }
    throw new UsageError(
      action ? `unknown operator action "${action}"` : 'operator needs invite, list or revoke',
    );
  },
};
