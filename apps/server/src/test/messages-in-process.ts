import { printedSignInLink } from '@site/testing/mail-links';
import { expect } from 'vitest';
import { runMessages } from '../cli/run-messages.js';
import { readEnv } from '../env.js';
import type { TestStorage } from './test-storage.js';

/** `npm run messages -- ...argv` on the test's database, in-process: exit code and output. */
export async function messagesInProcess(storage: Pick<TestStorage, 'settings'>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMessages(argv, readEnv(storage.settings), {
    out: (text) => out.push(text),
    err: (text) => err.push(text),
  });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** `operator invite EMAIL --print-link`, as the first operator is added: the token of the link it mailed. */
export async function inviteOperator(storage: Pick<TestStorage, 'settings'>, email: string) {
  const cli = await messagesInProcess(storage, 'operator', 'invite', email, '--print-link');
  expect(cli.code, cli.err).toBe(0);
  return printedSignInLink(cli.out)[1];
}
