// A real webhook receiver on loopback, for the server's tests, the fault tests and the bench: it checks
// every delivery with the official `standardwebhooks` package, as the company's CRM would.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebhookEvent } from '@site/api-contract';
import { Webhook } from 'standardwebhooks';

/** One request the receiver got, whether or not its signature held. */
export type ReceivedWebhook = {
  id: string;
  /** The parsed event, when the signature verified. */
  event: WebhookEvent | undefined;
  verified: boolean;
  /** Why verification failed. */
  problem: string | undefined;
  headers: IncomingMessage['headers'];
  /** When its body had arrived, in ms since the epoch, sub-millisecond (as the SMTP sink's mails). */
  at: number;
};

/** How the receiver answers: 2xx, another status, a redirect, or never (the request hangs). */
export type ReceiverMode =
  | { kind: 'ok' }
  | { kind: 'status'; status: number; body?: string }
  | { kind: 'redirect'; location: string }
  | { kind: 'hang' };

/**
 * Starts the receiver on a free loopback port (or `port`). `secret` is what it verifies with (set it once
 * the endpoint is made); `answer` changes how it answers; `down`/`up` stop and start listening on the same
 * port, so deliveries meanwhile find nobody there.
 */
export async function startWebhookReceiver({ port = 0, secret = '' } = {}) {
  const received: ReceivedWebhook[] = [];
  let mode: ReceiverMode = { kind: 'ok' };
  const hanging = new Set<ServerResponse>();
  const receiver = {
    secret,
    received,
    /** Deliveries whose signature verified, each webhook-id once (the receiver dedupes, as the spec asks). */
    unique() {
      const seen = new Map<string, ReceivedWebhook>();
      for (const each of received) if (each.verified && !seen.has(each.id)) seen.set(each.id, each);
      return [...seen.values()];
    },
    answer(next: ReceiverMode) {
      mode = next;
    },
    url: '',
    port: 0,
    async down() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async up() {
      await listen(receiver.port);
    },
    async close() {
      await receiver.down().catch(() => {});
    },
  };

  const handle = (request: IncomingMessage, response: ServerResponse, body: string) => {
    let event: ReceivedWebhook['event'];
    let problem: string | undefined;
    try {
      event = new Webhook(receiver.secret).verify(
        body,
        request.headers as Record<string, string>,
      ) as WebhookEvent;
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
    const id = String(request.headers['webhook-id'] ?? '');
    received.push({
      id,
      event,
      verified: event !== undefined,
      problem,
      headers: request.headers,
      at: performance.timeOrigin + performance.now(),
    });
    if (mode.kind === 'hang') {
      hanging.add(response);
      return;
    }
    if (mode.kind === 'redirect') return response.writeHead(307, { location: mode.location }).end();
    if (mode.kind === 'status') return response.writeHead(mode.status).end(mode.body ?? '');
    response.writeHead(event ? 204 : 401).end();
  };

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => handle(request, response, Buffer.concat(chunks).toString('utf8')));
  });
  const listen = (on: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(on, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(port);
  receiver.port = (server.address() as AddressInfo).port;
  receiver.url = `http://127.0.0.1:${receiver.port}/hooks/crm`;
  return receiver;
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
