import { adminApiPaths, CONTACT_API_PATH, SITE_KEY_HEADER, UNSUBSCRIBE_API_PATH } from '@site/api-contract';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';

let app: FastifyInstance;

const PARTNER = 'https://partner.example';

const preflight = (url: string) =>
  app.inject({
    method: 'OPTIONS',
    url,
    headers: {
      origin: PARTNER,
      'access-control-request-method': 'POST',
      'access-control-request-headers': `content-type,${SITE_KEY_HEADER}`,
    },
  });

describe('CORS_ORIGINS', () => {
  it('lets a partner’s pages call the contact route and nothing else: not the admin API, not unsubscribe', async () => {
    ({ app } = await buildTestApp({ CORS_ORIGINS: PARTNER }));
    const contact = await preflight(CONTACT_API_PATH);
    expect(contact.statusCode).toBe(204);
    expect(contact.headers['access-control-allow-origin']).toBe(PARTNER);

    for (const url of [
      adminApiPaths.requestLink,
      adminApiPaths.passkeyOptions,
      adminApiPaths.messages,
      adminApiPaths.subjectAccess,
      UNSUBSCRIBE_API_PATH,
      `${CONTACT_API_PATH}/../../admin/api/sign-in/link`,
    ]) {
      const answer = await preflight(url);
      expect(answer.headers['access-control-allow-origin'], url).toBeUndefined();
      expect(answer.headers['access-control-allow-methods'], url).toBeUndefined();
    }
    const adminPost = await app.inject({
      method: 'POST',
      url: adminApiPaths.requestLink,
      headers: { origin: PARTNER, 'content-type': 'application/json' },
      payload: { email: 'anna@example.com' },
    });
    expect(adminPost.headers['access-control-allow-origin']).toBeUndefined();
  });
});
