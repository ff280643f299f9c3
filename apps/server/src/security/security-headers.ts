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
 * Headers on every response. Pages bring their own Content-Security-Policy (with their script hashes);
 * anything without one gets the strict resource policy.
 */
const securityHeadersPlugin: FastifyPluginAsync<Options> = async (app, { hsts }) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('permissions-policy', permissionsPolicy);
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('cross-origin-resource-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    if (hsts) reply.header('strict-transport-security', 'max-age=63072000; includeSubDomains');
    if (!reply.hasHeader('content-security-policy')) reply.header('content-security-policy', resourcePolicy);
  });
};

export const securityHeaders = fp(securityHeadersPlugin, { name: 'security-headers' });
