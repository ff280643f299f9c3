import { type RawAnswer, rawHttpRequest } from '@site/testing/raw-http';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { LIVENESS_PATH } from '@site/api-contract';
import { loggedErrors, siteKey, startFaultServer } from './support/fault-server.ts';
import { type HostileCase, hostileCase } from './support/hostile-requests.ts';
import { inParallel } from './support/in-parallel.ts';
import { sendMessages } from './support/send-messages.ts';
import { faultSeed as seed } from './support/fault-seed.ts';
import { countStoredMessages, storedMessageIds } from './support/stored-messages.ts';
import { sqliteStorage } from './support/storage.ts';
import { fetchXsrf } from '@site/testing/contact-client';

/**
 * Each run generates other requests (the seed rotates): across runs far more than one run sends. 2 000 a
 * run still give every kind of case (the rarest, random bytes, is 3 in 100) some 60 times.
 */
const REQUESTS = 2_000;
const IN_FLIGHT = 50;

/** 201 from the JSON API, 303 to the thank-you page for a form post: the message is stored. */
const SUCCESS = new Set([201, 303]);
const saidStored = (answer: RawAnswer) => answer.status !== undefined && SUCCESS.has(answer.status);

/** Bytes with no request in them: nothing, or only the empty lines a server skips before a request. */
const noRequest = (bytes: Uint8Array) => bytes.every((byte) => byte === 0x0d || byte === 0x0a);

/** Why an answer breaks the rules for its case, or undefined when it keeps them. */
function violation({ expect: expected, bytes }: HostileCase, status: number | undefined): string | undefined {
  if (status === undefined) return noRequest(bytes) ? undefined : 'no answer';
  if (status >= 500) return `server error ${status}`;
  const refused = status >= 400 && status < 500;
  if (expected === 'stored' && !SUCCESS.has(status)) return `valid message answered ${status}`;
  if (expected === 'refused' && !refused) return `invalid request answered ${status}`;
  if (expected === 'either' && !refused && !SUCCESS.has(status)) return `answered ${status}`;
  return undefined;
}

it(`answers ${REQUESTS} generated hostile requests without a 5xx, storing exactly the valid ones`, async () => {
  const storage = sqliteStorage();
  const server = await startFaultServer(storage);
  const visitor = {
    host: `127.0.0.1:${server.port}`,
    origin: server.url,
    siteKey,
    ...(await fetchXsrf(server.url)),
  };
  const before = await countStoredMessages(storage);
  const cases = fc.sample(hostileCase(visitor), { numRuns: REQUESTS, seed });

  const answers = await inParallel(cases, IN_FLIGHT, (hostile) => rawHttpRequest(server.port, hostile.bytes));

  const byStatus: Record<string, number> = {};
  const byExpectation: Record<string, number> = {};
  const violations: string[] = [];
  answers.forEach((answer, index) => {
    const hostile = cases[index]!;
    const status = answer.status ?? `no answer (${'error' in answer ? answer.error : ''})`;
    byStatus[status] = (byStatus[status] ?? 0) + 1;
    const outcome = `${hostile.expect} -> ${saidStored(answer) ? 'stored' : 'refused'}`;
    byExpectation[outcome] = (byExpectation[outcome] ?? 0) + 1;
    const broken = violation(hostile, answer.status);
    if (broken)
      violations.push(
        `${broken}: ${hostile.label}: ${JSON.stringify(Buffer.from(hostile.bytes.subarray(0, 300)).toString('latin1'))}`,
      );
  });
  const successes = answers.filter(saidStored).length;
  const after = await countStoredMessages(storage);
  console.log(
    `hostile input, FAULT_SEED=${seed}: ${REQUESTS} requests, ${IN_FLIGHT} in flight;`,
    `by status ${JSON.stringify(byStatus)}; expected -> got ${JSON.stringify(byExpectation)};`,
    `stored ${after - before} (answered as stored ${successes})`,
  );

  expect(violations.slice(0, 20)).toEqual([]);
  expect(after - before).toBe(successes);
  expect(server.process.exitCode).toBeNull();
  expect((await fetch(server.url + LIVENESS_PATH)).status).toBe(200);
  expect(loggedErrors(server)).toEqual([]);
  const [last] = await sendMessages({ urls: [server.url], count: 1, concurrency: 1 });
  expect(last?.kind).toBe('stored');
  expect(await storedMessageIds(storage)).toContain(last?.kind === 'stored' ? last.id : '');
});
