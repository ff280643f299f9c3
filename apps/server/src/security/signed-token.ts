import { createHmac, timingSafeEqual } from 'node:crypto';

export type TokenFailure = { ok: false; reason: 'malformed' | 'tampered' | 'expired' };

/**
 * A purpose ahead of the payload keeps one kind of token from passing as another; unsubscribe tokens,
 * the first kind, have none (links already mailed must keep working).
 */
const sign = (payload: string, secret: string, purpose: string) =>
  createHmac('sha256', secret)
    .update(purpose ? `${purpose}\n${payload}` : payload)
    .digest('base64url');

/** `<payload>.<signature>`: the payload is base64url of the fields, one a line, the expiry (ms) last. */
export function signToken(
  fields: readonly string[],
  expiresAtMs: number,
  secret: string,
  purpose = '',
): string {
  const payload = Buffer.from([...fields, String(expiresAtMs)].join('\n')).toString('base64url');
  return `${payload}.${sign(payload, secret, purpose)}`;
}

/** The fields of a token this secret signed for this purpose and that has not expired. */
export function openToken(
  token: unknown,
  fieldCount: number,
  secret: string,
  { purpose = '', now = Date.now() }: { purpose?: string; now?: number } = {},
): { ok: true; fields: string[] } | TokenFailure {
  if (typeof token !== 'string' || token.length > 2000) return { ok: false, reason: 'malformed' };
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0) return { ok: false, reason: 'malformed' };
  const expected = Buffer.from(sign(payload, secret, purpose));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given))
    return { ok: false, reason: 'tampered' };
  const lines = Buffer.from(payload, 'base64url').toString().split('\n');
  const expiry = lines.pop();
  if (lines.length !== fieldCount || lines.some((field) => !field) || !expiry || !/^\d+$/.test(expiry))
    return { ok: false, reason: 'malformed' };
  if (Number(expiry) <= now) return { ok: false, reason: 'expired' };
  return { ok: true, fields: lines };
}
