import type { FastifyRequest } from 'fastify';
import { judgeOrigin, type Origins } from '../security/origin.js';
import { pageServedAt, type XsrfSettings } from '../security/xsrf.js';
import type { PageTiming } from './page-timing.js';

/** What a contact request tells of the page it was sent from: a partner's, ours (when), or none at all. */
export function requestTiming(request: FastifyRequest, origins: Origins, xsrf: XsrfSettings): PageTiming {
  if (judgeOrigin(request, origins) === 'allowed-cross-origin') return { kind: 'cross-site' };
  const at = pageServedAt(request, xsrf);
  return at === undefined ? { kind: 'no-page' } : { kind: 'served', at };
}
