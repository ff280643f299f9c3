import type { FastifyRequest } from 'fastify';
import { signedIn } from '../security/session-guard.js';
import { inboxOperator } from './audit-log.js';

/** The signed-in operator as the acting party of a service call, for its audit entry. */
export const actorOf = (request: FastifyRequest) => inboxOperator(signedIn(request).id);
