import { CONTACT_API_PATH, SITE_KEY_HEADER, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/api-contract';
import { numberedMessage } from './sample-message.ts';
import { trustingAgent } from './https-agent.ts';
import type { Agent } from 'undici';

export type FloodOptions = {
  /** The HTTPS origin to flood, e.g. Caddy's. */
  origin: string;
  /** The PEM root that signed its certificate. */
  ca: string;
  siteKey: string;
  connections: number;
  /** The most the flood lasts; it ends sooner once every address had `rounds` visits. */
  durationMs: number;
  rounds: number;
  /** How many source addresses the flood takes turns with, each visit on a new TLS connection. */
  addresses: number;
  /** Messages one visit sends before its connection closes and the next address takes over. */
  messagesPerVisit: number;
};

export type FloodResult = {
  /** Contact messages posted, each with a valid XSRF pair. */
  posts: number;
  /** `GET /api/csrf` requests, one per visit. */
  tokenFetches: number;
  /** Answers to the posts by status: 201, 429 and whatever else came. */
  statuses: Record<string, number>;
  /** Requests that got no answer (connection refused, reset, timed out). */
  errors: number;
  /** Distinct source addresses the flood sent from. */
  addresses: number;
  /** Visits: connections opened, each from one address with its own XSRF pair. */
  visits: number;
};

/** The `index`-th flood address: 127.10.0.1 onwards, all loopback, none the tests use otherwise. */
export const floodAddress = (index: number) =>
  `127.${10 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;

/**
 * Many visitors at once: `connections` loops, each visiting the next of `addresses` 127.x.y.z addresses
 * in turn (from the first again once all had a turn): a new TLS connection from it, an XSRF pair, and
 * `messagesPerVisit` valid messages, until each address had `rounds` visits or `durationMs` is over. Uses undici's request API, which costs
 * the generator far less CPU than fetch.
 */
export async function flood(options: FloodOptions): Promise<FloodResult> {
  const result: FloodResult = { posts: 0, tokenFetches: 0, statuses: {}, errors: 0, addresses: 0, visits: 0 };
  const end = Date.now() + options.durationMs;
  const used = new Set<number>();

  async function visitor(agent: Agent, n: number) {
    const csrf = await agent.request({ origin: options.origin, path: XSRF_TOKEN_PATH, method: 'GET' });
    result.tokenFetches++;
    const setCookie = csrf.headers['set-cookie'];
    const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
    const { token } = (await csrf.body.json()) as { token: string };
    const body = JSON.stringify(numberedMessage(n));
    for (let sent = 0; sent < options.messagesPerVisit && Date.now() < end; sent++) {
      const response = await agent.request({
        origin: options.origin,
        path: CONTACT_API_PATH,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [SITE_KEY_HEADER]: options.siteKey,
          cookie,
          [XSRF_HEADER]: token,
        },
        body,
      });
      result.posts++;
      result.statuses[response.statusCode] = (result.statuses[response.statusCode] ?? 0) + 1;
      await response.body.dump();
    }
  }

  const done = () => Date.now() >= end || result.visits >= options.addresses * options.rounds;
  async function loop() {
    while (!done()) {
      const index = (result.visits++ % options.addresses) + 1;
      used.add(index);
      const agent = trustingAgent(options.ca, floodAddress(index), 1);
      try {
        await visitor(agent, index);
      } catch {
        result.errors++;
      } finally {
        await agent.destroy();
      }
    }
  }

  await Promise.all(Array.from({ length: options.connections }, loop));
  return { ...result, addresses: used.size };
}
