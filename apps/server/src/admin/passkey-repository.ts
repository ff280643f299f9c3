import type { Db } from '../db/database.js';

export type StoredPasskey = {
  credentialId: string;
  operatorId: number;
  /** COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
};

/** The operators' WebAuthn credentials. */
export function passkeyRepository(db: Db) {
  return {
    /** False when a passkey with this credential id exists already (anyone may pick the id they register). */
    async add(passkey: StoredPasskey, now = new Date().toISOString()): Promise<boolean> {
      const inserted = await db
        .insertInto('passkeys')
        .values({
          credential_id: passkey.credentialId,
          operator_id: passkey.operatorId,
          public_key: passkey.publicKey,
          counter: passkey.counter,
          transports: passkey.transports.join(','),
          created_at: now,
          // Registering signs in too.
          last_used_at: now,
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
        .select(['credential_id', 'operator_id', 'public_key', 'counter', 'transports'])
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
        }
      );
    },

    /** The operator's passkeys without their keys: for a subject-access report. */
    async datesOf(operatorId: number) {
      return db
        .selectFrom('passkeys')
        .select(['credential_id', 'transports', 'created_at', 'last_used_at'])
        .where('operator_id', '=', operatorId)
        .orderBy('created_at')
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
  };
}

export type PasskeyRepository = ReturnType<typeof passkeyRepository>;
