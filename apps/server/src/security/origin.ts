import type { FastifyRequest } from 'fastify';

/**
 * The origins a browser request may come from: the site's own, from SITE_URL (never from Host or
 * X-Forwarded-* headers, which a client or a proxy passes on), and the CORS allow-list.
 */
export type Origins = { site: string; allowed: readonly string[] };

export type OriginVerdict = 'same-origin' | 'allowed-cross-origin' | 'forbidden';

/**
 * Where a browser request comes from. No Origin header (same-origin navigation, curl) and our own origin
 * count as same-origin; another origin must be on the allow-list.
 */
export function judgeOrigin(request: FastifyRequest, origins: Origins): OriginVerdict {
  const origin = request.headers.origin;
  if (!origin || origin === origins.site) return 'same-origin';
  return origins.allowed.includes(origin) ? 'allowed-cross-origin' : 'forbidden';
}
