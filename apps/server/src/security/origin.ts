import type { FastifyRequest } from 'fastify';

export type OriginVerdict = 'same-origin' | 'allowed-cross-origin' | 'forbidden';

/**
 * Where a browser request comes from. No Origin header (same-origin navigation, curl) and our own origin
 * count as same-origin; another origin must be on the allow-list.
 */
export function judgeOrigin(request: FastifyRequest, allowedOrigins: readonly string[]): OriginVerdict {
  const origin = request.headers.origin;
  if (!origin || origin === `${request.protocol}://${request.host}`) return 'same-origin';
  return allowedOrigins.includes(origin) ? 'allowed-cross-origin' : 'forbidden';
}
