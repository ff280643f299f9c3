import { createHmac, timingSafeEqual } from 'node:crypto';

/** Hex digits of the HMAC in a conversation's token: enough that nobody guesses one. */
const MAC_DIGITS = 12;

const macOf = (messageId: string, secret: string) =>
  createHmac('sha256', secret).update(`conversation:${messageId}`).digest('hex').slice(0, MAC_DIGITS);

/**
 * The company's address with a conversation's signed token after a `+` (`support+<id>.<mac>@…`): an answer
 * to it names its conversation even from a mail client that drops In-Reply-To and References, and
 * nobody can make one up for a message they did not write. Lower-case hex, which survives mail servers
 * that lower-case addresses.
 */
export function conversationAddress(address: string, messageId: string, secret: string): string {
  const at = address.lastIndexOf('@');
  return `${address.slice(0, at)}+${messageId.replaceAll('-', '')}.${macOf(messageId, secret)}${address.slice(at)}`;
}

/** The message id a conversation address's token names, when its HMAC is ours; undefined for any other address. */
export function conversationOf(address: string, secret: string): string | undefined {
  const match = /\+([0-9a-f]{32})\.([0-9a-f]{12})@/.exec(address.toLowerCase());
  if (!match) return undefined;
  const hex = match[1]!;
  const messageId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return timingSafeEqual(Buffer.from(macOf(messageId, secret)), Buffer.from(match[2]!))
    ? messageId
    : undefined;
}
