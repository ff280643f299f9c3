import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { WEBHOOK_SNIPPET_MAX } from '@site/api-contract';
import { guardedLookup, hostOf } from './webhook-address.js';
import { isPrivateAddress } from './private-addresses.js';

export type PostSettings = {
  /** Time to open the connection (WEBHOOK_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs: number;
  /** Time for the whole exchange, answer included (WEBHOOK_TIMEOUT_MS). */
  timeoutMs: number;
  allowPrivate: boolean;
  userAgent: string;
  /** Keep-alive connections per receiver at most (WEBHOOK_DELIVERIES_AT_ONCE). */
  connections: number;
};

/** What the receiver answered: its status and the start of its body. */
export type ReceiverAnswer = { status: number; snippet: string };

/** A delivery that failed, with the receiver's answer when one came. */
export class PostFailure extends Error {
  constructor(
    message: string,
    readonly answer: ReceiverAnswer | null = null,
  ) {
    super(message);
  }
}

/** Bytes of an answer read at most; the rest is not waited for. */
const ANSWER_READ_MAX = 4 * WEBHOOK_SNIPPET_MAX;

/**
 * Posts webhooks over keep-alive connections, with a connect and a total deadline, never following a
 * redirect, and to no private address (checked on the literal address, and on every resolved one as
 * the connection is made). Resolves with a 2xx answer; anything else rejects with a PostFailure.
 */
export function webhookPoster(settings: PostSettings) {
  const lookup = guardedLookup(settings.allowPrivate);
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: settings.connections, lookup }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: settings.connections, lookup }),
  };

  const post = (target: string, headers: Record<string, string>, body: string) =>
    new Promise<ReceiverAnswer>((resolve, reject) => {
      const url = new URL(target);
      const host = hostOf(url);
      if (!settings.allowPrivate && isIP(host) && isPrivateAddress(host))
        return reject(new PostFailure(`${host} is a private, loopback or link-local address: not sent.`));
      const agent = agents[url.protocol as keyof typeof agents];
      if (!agent) return reject(new PostFailure(`${url.protocol} is not a web address.`));
      // Settled once, whichever comes first; a deadline also ends the exchange at once.
      const fail = (error: PostFailure) => {
        clearTimeout(total);
        reject(error);
        request.destroy(error);
      };
      const total = setTimeout(
        () => fail(new PostFailure(`No answer within ${settings.timeoutMs / 1000} s.`)),
        settings.timeoutMs,
      );
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': settings.userAgent,
        },
      });
      request.on('socket', (socket) => {
        if (!socket.connecting) return;
        const connect = setTimeout(
          () => fail(new PostFailure(`No connection within ${settings.connectTimeoutMs / 1000} s.`)),
          settings.connectTimeoutMs,
        );
        socket.once('connect', () => clearTimeout(connect));
        socket.once('close', () => clearTimeout(connect));
      });
      request.on('error', (error) =>
        fail(error instanceof PostFailure ? error : new PostFailure(error.message)),
      );
      request.on('response', (response) => {
        const chunks: Buffer[] = [];
        let length = 0;
        const settle = () => {
          clearTimeout(total);
          const status = response.statusCode ?? 0;
          const answer = {
            status,
            snippet: Buffer.concat(chunks).toString('utf8').slice(0, WEBHOOK_SNIPPET_MAX),
          };
          if (status >= 200 && status < 300) resolve(answer);
          else if (status >= 300 && status < 400)
            reject(new PostFailure(`HTTP ${status}: redirects are not followed.`, answer));
          else reject(new PostFailure(`HTTP ${status}`, answer));
        };
        response.on('data', (chunk: Buffer) => {
          if (length >= ANSWER_READ_MAX) return;
          chunks.push(chunk);
          length += chunk.length;
          // Enough to show: the rest is not waited for (the connection is dropped).
          if (length >= ANSWER_READ_MAX) {
            settle();
            response.destroy();
          }
        });
        response.on('end', () => {
          if (length < ANSWER_READ_MAX) settle();
        });
        response.on('error', (error) => fail(new PostFailure(`The answer broke off: ${error.message}`)));
      });
      request.end(body);
    });

  return {
    post,
    close() {
      agents['http:'].destroy();
      agents['https:'].destroy();
    },
  };
}

export type WebhookPoster = ReturnType<typeof webhookPoster>;
