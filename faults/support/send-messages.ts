import { CONTACT_API_PATH, type ContactMessageInput, SITE_KEY_HEADER, XSRF_HEADER } from '@site/api-contract';
import { siteKey } from './fault-server.ts';
import { inParallel } from './in-parallel.ts';
import { fetchXsrf } from '@site/testing/contact-client';
import { numberedMessage } from '@site/testing/sample-message';

/** What one POST got: 201 with the message id, another status, or no answer at all. */
export type SendOutcome =
  | { kind: 'stored'; url: string; id: string }
  | { kind: 'refused'; url: string; status: number }
  | { kind: 'no-answer'; url: string; error: string };

type SendOptions = {
  /** Servers to spread the messages over, in turn. */
  urls: readonly string[];
  count: number;
  /** Requests in flight at once. */
  concurrency: number;
  /** The i-th message; by default the harness's numbered ones, valid and each from its own address. */
  message?: (index: number) => ContactMessageInput;
  /** Called as each answer (or failure) arrives, in the order they arrive. */
  onOutcome?: (outcome: SendOutcome, index: number) => void;
  timeoutMs?: number;
};

/** The reason fetch gives for a request that got no answer (refused, reset, timed out). */
function failureReason(error: unknown): string {
  const cause = (error as { cause?: { code?: string; name?: string } }).cause;
  return cause?.code ?? cause?.name ?? (error as Error).name ?? String(error);
}

async function postOne(url: string, headers: Record<string, string>, body: string, timeoutMs: number) {
  try {
    const response = await fetch(url + CONTACT_API_PATH, {
      method: 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (response.status !== 201) return { kind: 'refused', url, status: response.status } as const;
    return { kind: 'stored', url, id: (JSON.parse(text) as { id: string }).id } as const;
  } catch (error) {
    return { kind: 'no-answer', url, error: failureReason(error) } as const;
  }
}

/**
 * Sends `count` messages as the site's script does (JSON, site key, XSRF cookie and header), spread over
 * `urls` with at most `concurrency` in flight, each once and never retried; returns each one's outcome
 * by index.
 */
export async function sendMessages({
  urls,
  count,
  concurrency,
  message = numberedMessage,
  onOutcome,
  timeoutMs = 30_000,
}: SendOptions): Promise<SendOutcome[]> {
  const headers = await Promise.all(
    urls.map(async (url) => {
      const { cookie, token } = await fetchXsrf(url);
      return { 'content-type': 'application/json', [SITE_KEY_HEADER]: siteKey, cookie, [XSRF_HEADER]: token };
    }),
  );
  const indexes = Array.from({ length: count }, (_, index) => index);
  return inParallel(indexes, concurrency, async (index) => {
    const server = index % urls.length;
    const outcome = await postOne(urls[server]!, headers[server]!, JSON.stringify(message(index)), timeoutMs);
    onOutcome?.(outcome, index);
    return outcome;
  });
}

/** Outcomes counted: sent, acknowledged (201), refused by status, no answer by reason. */
export function tally(outcomes: readonly SendOutcome[]) {
  const refused: Record<number, number> = {};
  const noAnswer: Record<string, number> = {};
  for (const outcome of outcomes) {
    if (outcome.kind === 'refused') refused[outcome.status] = (refused[outcome.status] ?? 0) + 1;
    if (outcome.kind === 'no-answer') noAnswer[outcome.error] = (noAnswer[outcome.error] ?? 0) + 1;
  }
  const acknowledged = outcomes.filter((outcome) => outcome.kind === 'stored').length;
  return { sent: outcomes.length, acknowledged, refused, noAnswer };
}

/** The ids the server acknowledged with a 201. */
export const acknowledgedIds = (outcomes: readonly SendOutcome[]) =>
  outcomes.flatMap((outcome) => (outcome.kind === 'stored' ? [outcome.id] : []));
