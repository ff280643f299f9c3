import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sendMessage, validMessage } from './send-message.js';

async function send(app: FastifyInstance, n: number): Promise<string> {
  const response = await sendMessage(app, { ...validMessage, subject: `Message ${n}` });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string }>().id;
}

/**
 * Stores 100 messages, then runs `backUp` while visitors keep sending more; returns the ids acknowledged
 * before it began (a restore must hold them all), how many were sent during it, and what it returned.
 */
export async function backUpUnderLoad<T>(app: FastifyInstance, backUp: () => Promise<T>) {
  const before: string[] = [];
  for (let n = 0; n < 100; n++) before.push(await send(app, n));
  let sending = true;
  const during = (async () => {
    let sent = 0;
    for (let n = 100; sending; n++, sent++) await send(app, n);
    return sent;
  })();
  const result = await backUp();
  sending = false;
  return { before, sentDuring: await during, result };
}
