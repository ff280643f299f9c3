import type { FastifyReply } from 'fastify';
import { pagePolicy } from './content-security-policy.js';

/** A server-rendered page for a person: never cached, under the page policy (no scripts). */
export const sendHtml = (reply: FastifyReply, status: number, body: string) =>
  reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', pagePolicy([]))
    .send(body);
