import type { Db } from '../db/database.js';

export type StoredPasskey = {
  credentialId: string;
  operatorId: number;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  flaggedAt: string | null;
};

/** What an operator sees of a passkey of theirs. */
export type PasskeySummary = {
  credential_id: string;
  name: string;
  transports: string;
  created_at: string;
  last_used_at: string | null;
  flagged_at: string | null;
};

/** The operators' WebAuthn credentials. */
export function passkeyRepository(db: Db) {
  /** Ends the sessions this passkey started. */
  const endSessionsOf = (trx: Db, credentialId: string, now: string) =>
    trx
      .updateTable('sessions')
      .set({ revoked_at: now })
      .where('credential_id', '=', credentialId)
      .where('revoked_at', 'is', null)
      .execute();

  return {
    /** False when a passkey with this credential id exists already (anyone may pick the id they register). */
    async add(passkey: Omit<StoredPasskey, 'flaggedAt'>, now = new Date().toISOString()): Promise<boolean> {
      const inserted = await db
        .insertInto('passkeys')
        .values({
          credential_id: passkey.credentialId,
          operator_id: passkey.operatorId,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports.join(','),
          name: passkey.name,
          created_at: now,
          // Registering signs in too.
          last_used_at: now,
          flagged_at: null,
        })
        .onConflict((conflict) => conflict.column('credential_id').doNothing())
        .returning('credential_id')
        .executeTakeFirst();
      return Boolean(inserted);
    },

    /** The passkey with this id, when its operator is not revoked. */
    async byCredentialId(credentialId: string): Promise<StoredPasskey | undefined> {
      const row = await db
        .selectFrom('passkeys')
        .innerJoin('operators', 'operators.id', 'passkeys.operator_id')
        .select([
          'credential_id',
          'operator_id',
          'public_key',
          'counter',
          'transports',
          'passkeys.name',
          'flagged_at',
        ])
        .where('credential_id', '=', credentialId)
        .where('operators.revoked_at', 'is', null)
        .executeTakeFirst();
      return (
        row && {
          credentialId: row.credential_id,
          operatorId: row.operator_id,
          publicKey: row.public_key,
          counter: Number(row.counter),
          transports: row.transports ? row.transports.split(',') : [],
          name: row.name,
          flaggedAt: row.flagged_at,
        }
      );
    },

    /** The operator's passkeys without their keys, oldest first. */
    listOf(operatorId: number): Promise<PasskeySummary[]> {
      return db
        .selectFrom('passkeys')
        .select(['credential_id', 'name', 'transports', 'created_at', 'last_used_at', 'flagged_at'])
        .where('operator_id', '=', operatorId)
        .orderBy('created_at')
        .orderBy('credential_id')
        .execute();
    },

    async credentialIdsOf(operatorId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('passkeys')
        .select('credential_id')
        .where('operator_id', '=', operatorId)
        .execute();
      return rows.map((row) => row.credential_id);
    },

    async markUsed(credentialId: string, counter: number, now = new Date().toISOString()) {
      await db
        .updateTable('passkeys')
        .set({ counter, last_used_at: now })
        .where('credential_id', '=', credentialId)
        .execute();
    },

    async rename(operatorId: number, credentialId: string, name: string): Promise<boolean> {
      const result = await db
        .updateTable('passkeys')
        .set({ name })
        .where('operator_id', '=', operatorId)
        .where('credential_id', '=', credentialId)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Deletes one of the operator's passkeys and ends the sessions it started; false when they have no such passkey. */
    remove(operatorId: number, credentialId: string, now = new Date().toISOString()): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const removed = await trx
          .deleteFrom('passkeys')
          .where('operator_id', '=', operatorId)
          .where('credential_id', '=', credentialId)
          .executeTakeFirst();
        if (removed.numDeletedRows !== 1n) return false;
        await endSessionsOf(trx, credentialId, now);
        return true;
      });
    },

    /**
     * A sign-in with it showed a counter that went back: a copy of the key is in use. It signs in no
     * more, and the sessions it started end; true when this call flagged it.
     */
    flag(credentialId: string, now = new Date().toISOString()): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const flagged = await trx
          .updateTable('passkeys')
          .set({ flagged_at: now })
          .where('credential_id', '=', credentialId)
          .where('flagged_at', 'is', null)
          .executeTakeFirst();
        await endSessionsOf(trx, credentialId, now);
        return flagged.numUpdatedRows === 1n;
      });
    },
  };
}
