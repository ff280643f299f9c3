import { operatorCommandOk } from '@site/testing/operator-cli';
import type { Storage } from './storage.ts';

/** The ids of the messages an operator can export (neither spam nor restricted). */
export async function storedMessageIds(storage: Storage): Promise<string[]> {
  const { stdout } = await operatorCommandOk(storage.env, 'export', '--format', 'json');
  return (JSON.parse(stdout) as { id: string }[]).map((row) => row.id);
}

const listed = async (storage: Storage, ...args: string[]) => {
  const { stderr } = await operatorCommandOk(storage.env, 'list', ...args);
  const count = /(\d+) message\(s\)/.exec(stderr)?.[1];
  if (count === undefined) throw new Error(`list said no count: ${stderr}`);
  return Number(count);
};

/** Every stored message, honeypot catches included, as `list` and `list --spam` count them. */
export async function countStoredMessages(storage: Storage): Promise<number> {
  return (await listed(storage)) + (await listed(storage, '--spam'));
}

export type OutboxState = { pending: number; failed: number; sent: number; failures: string[] };

/** The outbox as `outbox` reports it: mails by state, and each failed one with its last error. */
export async function outboxState(storage: Storage): Promise<OutboxState> {
  const { stdout } = await operatorCommandOk(storage.env, 'outbox');
  const [summary = '', ...failures] = stdout.trim().split('\n');
  const count = (state: string) => Number(new RegExp(`${state} (\\d+)`).exec(summary)?.[1] ?? NaN);
  return { pending: count('pending'), failed: count('failed'), sent: count('sent'), failures };
}

/** The outbox once nothing is pending any more, or as it is when `timeoutMs` ran out. */
export async function settledOutbox(storage: Storage, timeoutMs: number): Promise<OutboxState> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const state = await outboxState(storage);
    if (state.pending === 0 || Date.now() > deadline) return state;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
