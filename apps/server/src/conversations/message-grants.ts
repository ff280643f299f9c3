import { apiErrorCodes } from '@site/api-contract';
import type { FastifyReply } from 'fastify';
import { sendApiError } from '../http/api-error.js';
import { openToken, signToken } from '../security/signed-token.js';

/** How long a reveal gives a restricted person's texts and files to the reads of the open message. */
export const REVEAL_GRANT_MINUTES = 15;

/**
 * What a session was given for one message (decision 038): `open`, by an opening (audited), for the
 * reads of its thread that follow; `reveal`, by a reveal (audited), for a restricted person's texts and
 * files. Each is signed for the session it was given to (its token's hash, never in the grant itself),
 * so it is of no use to any other; an open grant lasts as long as a session can.
 */
export type GrantKind = 'open' | 'reveal';

export function messageGrants(secret: string, sessionMaxMs: number) {
  const purpose = (session: string) => `message-grant\n${session}`;
  const lifetime: Record<GrantKind, number> = { open: sessionMaxMs, reveal: REVEAL_GRANT_MINUTES * 60_000 };
  return {
    give: (kind: GrantKind, session: string, messageId: string, now = Date.now()) =>
      signToken([kind, messageId], now + lifetime[kind], secret, purpose(session)),

    /** Whether `grant` is a grant of this kind for this message, given to this session and not expired. */
    holds(grant: unknown, kind: GrantKind, session: string, messageId: string, now = Date.now()) {
      const opened = openToken(grant, 2, secret, { purpose: purpose(session), now });
      return opened.ok && opened.fields[0] === kind && opened.fields[1] === messageId;
    },

    /**
     * What a read of the message's thread may show, from the grants it carries: undefined without this
     * session's open grant; with it, whether a reveal's grant gives a restricted person's texts too.
     */
    reading(given: { grant?: string; reveal?: string }, session: string, messageId: string) {
      if (!this.holds(given.grant, 'open', session, messageId)) return undefined;
      return { revealed: this.holds(given.reveal, 'reveal', session, messageId) };
    },
  };
}

/** 403 to a read of a thread without this session's opening of its message. */
export const openRequired = (reply: FastifyReply) =>
  sendApiError(
    reply,
    403,
    apiErrorCodes.openRequired,
    'Open the message first: its conversation is read as part of an opening, which the audit log records.',
  );

export type MessageGrants = ReturnType<typeof messageGrants>;
