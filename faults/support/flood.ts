import { CONTACT_API_PATH, SITE_KEY_HEADER, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/contact';
import { sampleMessage } from '@site/testing/contact-client';
import { trustingAgent } from '@site/testing/https-agent';
import type { Agent } from 'undici';

export type FloodOptions = {
  /** The HTTPS origin to flood, e.g. Caddy's. */
  origin: string;
  /** The PEM root that signed its certificate. */
  ca: string;
  siteKey: string;
  connections: number;
  durationMs: number;
  /** Messages each address sends (on one connection) before the flood moves to a fresh address. */
  messagesPerAddress: number;
};

export type FloodResult = {
  /** Contact messages posted, each with a valid XSRF pair. */
  posts: number;
  /** `GET /api/csrf` requests, one per address. */
  tokenFetches: number;
  /** Answers to the posts by status: 201, 429 and whatever else came. */
  statuses: Record<string, number>;
  /** Requests that got no answer (connection refused, reset, timed out). */
  errors: number;
  /** Distinct source addresses the flood sent from. */
  addresses: number;
};

/** The `index`-th flood address: 127.10.0.1 onwards, all loopback, none the tests use otherwise. */
export const floodAddress = (index: number) =>
  `127.${10 + (index >> 16)}.${(index >> 8) & 255}.${index & 255}`;

/**
 * Many visitors at once: `connections` loops, each taking a fresh 127.x.y.z address, fetching an XSRF
 * pair and sending `messagesPerAddress` valid messages over one kept-alive TLS connection from it, until
 * `durationMs` is over. Uses undici's request API, which costs the generator far less CPU than fetch.
 */
export async function flood(options: FloodOptions): Promise<FloodResult> {
  const result: FloodResult = { posts: 0, tokenFetches: 0, statuses: {}, errors: 0, addresses: 0 };
  const end = Date.now() + options.durationMs;
  let nextIndex = 1;

  async function visitor(agent: Agent, n: number) {
    const csrf = await agent.request({ origin: options.origin, path: XSRF_TOKEN_PATH, method: 'GET' });
    result.tokenFetches++;
    const setCookie = csrf.headers['set-cookie'];
    const cookie = String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0]!;
    const { token } = (await csrf.body.json()) as { token: string };
    const body = JSON.stringify(sampleMessage(n));
    for (let sent = 0; sent < options.messagesPerAddress && Date.now() < end; sent++) {
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

  async function loop() {
    while (Date.now() < end) {
      const index = nextIndex++;
      result.addresses++;
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
  return result;
}
