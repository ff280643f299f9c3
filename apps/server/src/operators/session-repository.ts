import type { Db } from '../db/database.js';
import { hashToken, randomToken } from '../security/secret-token.js';
import type { SessionOperator } from '../security/session-guard.js';

const MINUTE_MS = 60_000;

export type SessionLimits = { idleMinutes: number; maxHours: number };

/** Sessions in the database, so any instance serves them; the cookie's token is kept only as a hash. */
export function sessionRepository(db: Db, limits: SessionLimits) {
  return {
    /** A session of the operator, started with this passkey. */
    async create(operatorId: number, credentialId: string, now = Date.now()): Promise<string> {
      const token = randomToken();
      const at = new Date(now).toISOString();
      // Sessions past the absolute limit can never be used again, signed out or not.
      await db
        .deleteFrom('sessions')
        .where('created_at', '<', new Date(now - limits.maxHours * 60 * MINUTE_MS).toISOString())
        .execute();
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          operator_id: operatorId,
          created_at: at,
          last_seen_at: at,
          revoked_at: null,
          credential_id: credentialId,
        })
        .execute();
      return token;
    },

    /**
     * The operator of a live session: not revoked, the operator not revoked, seen within the idle limit
     * and begun within the absolute one. The call keeps the session alive, unless `touch` is false (the
     * inbox's background polls, which must not keep an unattended tab signed in).
     */
    async use(
      token: string,
      { touch = true }: { touch?: boolean } = {},
      now = Date.now(),
    ): Promise<SessionOperator | undefined> {
      const tokenHash = hashToken(token);
      const at = new Date(now).toISOString();
      const row = await db
        .selectFrom('sessions')
        .innerJoin('operators', 'operators.id', 'sessions.operator_id')
        .select([
          'operators.id',
          'operators.email',
          'operators.name',
          'sessions.credential_id as credentialId',
        ])
        .where('token_hash', '=', tokenHash)
        .where('sessions.revoked_at', 'is', null)
        .where('operators.revoked_at', 'is', null)
        .where('last_seen_at', '>', new Date(now - limits.idleMinutes * MINUTE_MS).toISOString())
        .where('sessions.created_at', '>', new Date(now - limits.maxHours * 60 * MINUTE_MS).toISOString())
        .executeTakeFirst();
      if (!row) return undefined;
      if (touch)
        await db
          .updateTable('sessions')
          .set({ last_seen_at: at })
          .where('token_hash', '=', tokenHash)
          .execute();
      return { ...row, tokenHash };
    },

    async revoke(tokenHash: string, now = new Date().toISOString()) {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now })
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof sessionRepository>;
