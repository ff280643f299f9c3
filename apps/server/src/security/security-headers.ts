import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { resourcePolicy } from './content-security-policy.js';

type Options = { hsts: boolean };

const permissionsPolicy = [
  'accelerometer=()',
  'camera=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/**
 * Headers on every response, also those made before any hook runs (see http/unreadable-requests.ts).
 * The Content-Security-Policy is the strict resource policy, for answers that bring none of their own.
 */
export function hardeningHeaders(hsts: boolean) {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'permissions-policy': permissionsPolicy,
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'x-frame-options': 'DENY',
    ...(hsts ? { 'strict-transport-security': 'max-age=63072000; includeSubDomains' } : {}),
    'content-security-policy': resourcePolicy,
  };
}

/** Pages bring their own Content-Security-Policy (with their script hashes); anything else gets the strict one. */
const securityHeadersPlugin: FastifyPluginAsync<Options> = async (app, { hsts }) => {
  const { 'content-security-policy': defaultPolicy, ...always } = hardeningHeaders(hsts);
  app.addHook('onSend', async (_request, reply) => {
    reply.headers(always);
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', defaultPolicy);
  });
};

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
