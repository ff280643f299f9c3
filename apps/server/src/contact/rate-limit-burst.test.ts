import {
  CONTACT_API_PATH,
  formFieldNames,
  SITE_KEY_HEADER,
  XSRF_COOKIE,
  XSRF_HEADER,
  XSRF_TOKEN_PATH,
} from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readRows } from '../test/stored-rows.js';
import { validMessage } from '../test/send-message.js';
import type { TestStorage } from '../test/test-storage.js';
import { buildTestApp, TEST_SITE_KEY } from '../test/test-app.js';

let app: FastifyInstance;
let storage: TestStorage;

const BURST = 100;
const PER_MINUTE = 5;

const statusCounts = (statuses: number[]) =>
  Object.fromEntries(
    [...new Set(statuses)].map((status) => [status, statuses.filter((s) => s === status).length]),
  );

/** The burst as JSON, message `n` to `apps[n % apps.length]`: instances behind one load balancer. */
async function sendJsonBurst(apps: FastifyInstance[]) {
  const { token } = (await apps[0]!.inject(XSRF_TOKEN_PATH)).json<{ token: string }>();
  return Promise.all(
    Array.from({ length: BURST }, (_, n) =>
      apps[n % apps.length]!.inject({
        method: 'POST',
        url: CONTACT_API_PATH,
        headers: {
          'content-type': 'application/json',
          [SITE_KEY_HEADER]: TEST_SITE_KEY,
          cookie: `${XSRF_COOKIE}=${token}`,
          [XSRF_HEADER]: token,
        },
        payload: JSON.stringify({ ...validMessage, subject: `Burst ${n}` }),
      }),
    ),
  );
}

describe('a burst of messages from one address, all in flight at once', () => {
  it('stores exactly the per-minute limit of JSON messages and answers the rest 429', async () => {
    ({ app, storage } = await buildTestApp({ CONTACT_RATE_PER_MINUTE: String(PER_MINUTE) }));
    const responses = await sendJsonBurst([app]);
    expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
      201: PER_MINUTE,
      429: BURST - PER_MINUTE,
    });
    expect(await readRows(storage, 'select id from messages')).toHaveLength(PER_MINUTE);
  });

  it('holds the limit across two instances sharing the database', async () => {
    const settings = { CONTACT_RATE_PER_MINUTE: String(PER_MINUTE), APP_SECRET: 'x'.repeat(32) };
    ({ app, storage } = await buildTestApp(settings));
    const other = await buildTestApp(settings, undefined, {}, storage);
    const responses = await sendJsonBurst([app, other.app]);
    expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
      201: PER_MINUTE,
      429: BURST - PER_MINUTE,
    });
    expect(await readRows(storage, 'select id from messages')).toHaveLength(PER_MINUTE);
  });

  it('stores exactly the per-minute limit of form posts and answers the rest with the 429 page', async () => {
    ({ app, storage } = await buildTestApp({ CONTACT_RATE_PER_MINUTE: String(PER_MINUTE) }));
    const responses = await Promise.all(
      Array.from({ length: BURST }, (_, n) =>
        app.inject({
          method: 'POST',
          url: CONTACT_API_PATH,
          headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
          payload: new URLSearchParams({
            [formFieldNames.siteKey]: TEST_SITE_KEY,
            ...validMessage,
            subject: `Burst ${n}`,
          }).toString(),
        }),
      ),
    );
    expect(statusCounts(responses.map((response) => response.statusCode))).toEqual({
      303: PER_MINUTE,
      429: BURST - PER_MINUTE,
    });
    expect(await readRows(storage, 'select id from messages')).toHaveLength(PER_MINUTE);
  });
});
