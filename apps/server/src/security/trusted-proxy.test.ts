import { apiErrorCodes, CONTACT_API_PATH, formFieldNames } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readRows } from '../test/stored-rows.js';
import { sendMessage } from '../test/send-message.js';
import type { TestStorage } from '../test/test-storage.js';
import { buildTestApp, TEST_SITE_KEY } from '../test/test-app.js';

/** The reverse proxy in front of the server; `inject()` connects from 127.0.0.1 unless told otherwise. */
const PROXY = '127.0.0.1';
const VISITOR = '198.51.100.77';

let app: FastifyInstance;
let storage: TestStorage;

async function start(settings: Record<string, string>) {
  ({ app, storage } = await buildTestApp(settings));
}

const storedIps = async () =>
  (await readRows(storage, 'select ip from messages order by seq')).map((row) => row.ip);

describe('behind a trusted reverse proxy', () => {
  it('takes the address the proxy saw, not the X-Forwarded-For entries the client wrote', async () => {
    await start({ TRUST_PROXY: PROXY, CONTACT_RATE_PER_MINUTE: '5' });
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      // The client sent `X-Forwarded-For: 203.0.113.<i>`; the proxy appended the address it saw.
      const response = await sendMessage(app, undefined, { 'x-forwarded-for': `203.0.113.${i}, ${VISITOR}` });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(201), ...Array(7).fill(429)]);
    expect(await storedIps()).toEqual(Array(5).fill(VISITOR));
  });

  it('ignores X-Forwarded-For from a client that connects directly, not through the proxy', async () => {
    await start({ TRUST_PROXY: PROXY });
    const response = await sendMessage(app, undefined, { 'x-forwarded-for': '203.0.113.1' }, '192.0.2.9');
    expect(response.statusCode).toBe(201);
    expect(await storedIps()).toEqual(['192.0.2.9']);
  });

  it('ignores X-Forwarded-For when no proxy is trusted (the default)', async () => {
    await start({});
    await sendMessage(app, undefined, { 'x-forwarded-for': `203.0.113.1, ${VISITOR}` });
    expect(await storedIps()).toEqual(['127.0.0.1']);
  });

  describe('X-Forwarded-Host and X-Forwarded-Proto do not make another origin our own', () => {
    const forged = {
      'x-forwarded-for': VISITOR,
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
      origin: 'https://evil.example',
    };

    it('the JSON API answers 403 origin_not_allowed', async () => {
      await start({ TRUST_PROXY: PROXY, SITE_URL: 'https://www.example.com' });
      const response = await sendMessage(app, undefined, forged);
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toBe(apiErrorCodes.originNotAllowed);
      expect(await storedIps()).toEqual([]);
    });

    it('a form post gets the 403 page', async () => {
      await start({ TRUST_PROXY: PROXY, SITE_URL: 'https://www.example.com' });
      for (const fetchSite of [{ 'sec-fetch-site': 'cross-site' }, {}]) {
        const response = await app.inject({
          method: 'POST',
          url: CONTACT_API_PATH,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...forged, ...fetchSite },
          payload: new URLSearchParams({
            [formFieldNames.siteKey]: TEST_SITE_KEY,
            name: 'Jane Doe',
            email: 'jane@example.com',
            subject: 'Pricing',
            message: 'Hello there',
          }).toString(),
        });
        expect(response.statusCode, JSON.stringify(fetchSite)).toBe(403);
        expect(response.body).toContain('Your message was not sent');
      }
      expect(await storedIps()).toEqual([]);
    });

    it('the site itself, at SITE_URL behind the proxy, still sends', async () => {
      await start({ TRUST_PROXY: PROXY, SITE_URL: 'https://www.example.com' });
      const response = await sendMessage(app, undefined, {
        'x-forwarded-for': VISITOR,
        'x-forwarded-host': 'www.example.com',
        'x-forwarded-proto': 'https',
        origin: 'https://www.example.com',
      });
      expect(response.statusCode).toBe(201);
      expect(await storedIps()).toEqual([VISITOR]);
    });
  });
});
