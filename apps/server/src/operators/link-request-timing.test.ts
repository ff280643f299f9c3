import { adminApiPaths, LIVENESS_PATH, XSRF_HEADER, XSRF_TOKEN_PATH } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { messagesInProcess } from '../test/messages-in-process.js';
import { buildTestApp } from '../test/test-app.js';

let app: FastifyInstance;

const TRIALS = 60;

/**
 * The chance that the request after an operator's address is slower than the one after a stranger's
 * (the area under the ROC curve): 0.5 when timing tells nothing, 1 when it always tells.
 */
function tellingChance(operator: number[], stranger: number[]) {
  let wins = 0;
  for (const a of operator) for (const b of stranger) wins += a > b ? 1 : a === b ? 0.5 : 0;
  return wins / (operator.length * stranger.length);
}

const median = (list: number[]) => [...list].sort((a, b) => a - b)[list.length >> 1]!;

describe('asking for a sign-in link', () => {
  it('leaves no trace in the timing of the next request that tells an operator’s address from a stranger’s', async () => {
    let storage;
    ({ app, storage } = await buildTestApp({
      ADMIN_LINK_RATE_PER_ADDRESS: '1000',
      ADMIN_LINK_RATE_PER_IP: '1000',
    }));
    expect((await messagesInProcess(storage, 'operator', 'invite', 'anna@example.com')).code).toBe(0);
    const origin = await app.listen({ host: '127.0.0.1', port: 0 });
    const xsrf = await fetch(origin + XSRF_TOKEN_PATH);
    const headers = {
      'content-type': 'application/json',
      origin: 'http://localhost',
      cookie: xsrf.headers.getSetCookie()[0]!.split(';')[0]!,
      [XSRF_HEADER]: ((await xsrf.json()) as { token: string }).token,
    };

    /** What an attacker measures: the time of a request sent the moment the link request is answered. */
    const nextRequestMs = async (email: string) => {
      const asked = await fetch(origin + adminApiPaths.requestLink, {
        method: 'POST',
        headers,
        body: JSON.stringify({ email }),
      });
      expect(asked.status).toBe(202);
      const start = performance.now();
      for (let probe = 0; probe < 3; probe++) await (await fetch(origin + LIVENESS_PATH)).text();
      return performance.now() - start;
    };

    const operator: number[] = [];
    const stranger: number[] = [];
    for (let warmUp = 0; warmUp < 10; warmUp++) await nextRequestMs(`warm-up-${warmUp}@example.com`);
    for (let trial = 0; trial < TRIALS; trial++) {
      operator.push(await nextRequestMs('anna@example.com'));
      stranger.push(await nextRequestMs(`nobody-${trial}@example.com`));
    }
    const chance = tellingChance(operator, stranger);
    console.log(
      `next request after a link request: operator ${median(operator).toFixed(2)} ms, stranger ${median(stranger).toFixed(2)} ms (medians); chance that an operator's is slower ${chance.toFixed(2)} (${TRIALS} each)`,
    );
    // Three standard errors above the 0.5 of no difference, for 60 samples each.
    expect(chance).toBeLessThan(0.66);
  });
});
