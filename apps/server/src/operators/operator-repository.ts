import { normalEmail } from '@site/api-contract';
import type { Db } from '../db/database.js';
import { signInLinkRepository } from './sign-in-link-repository.js';

export type Operator = {
  id: number;
  email: string;
  name: string | null;
  created_at: string;
  revoked_at: string | null;
};

export type OperatorSummary = Operator & { passkeys: number; last_sign_in_at: string | null };

/** Operators by address (always lower-case); revoking one also ends every session of theirs and deletes their passkeys. */
export function operatorRepository(db: Db) {
  return {
    async byEmail(email: string): Promise<Operator | undefined> {
      return db
        .selectFrom('operators')
        .selectAll()
        .where('email', '=', normalEmail(email))
        .executeTakeFirst();
    },

    /** Sets the name visitors see on the operator's replies. */
    async setName(id: number, name: string) {
      await db.updateTable('operators').set({ name }).where('id', '=', id).execute();
    },

    async byId(id: number): Promise<Operator | undefined> {
      return db.selectFrom('operators').selectAll().where('id', '=', id).executeTakeFirst();
    },

    /** The operator of this address, made or reinstated if need be; `created` tells which. */
    async ensure(email: string, now = new Date().toISOString()) {
      const address = normalEmail(email);
      const inserted = await db
        .insertInto('operators')
        .values({ email: address, created_at: now, revoked_at: null })
        .onConflict((conflict) => conflict.column('email').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted)
        await db.updateTable('operators').set({ revoked_at: null }).where('email', '=', address).execute();
      const operator = await db
        .selectFrom('operators')
        .selectAll()
        .where('email', '=', address)
        .executeTakeFirstOrThrow();
      return { operator, created: Boolean(inserted) };
    },

    /** Every operator with how many passkeys they have and when one last signed in. */
    async list(): Promise<OperatorSummary[]> {
      const rows = await db
        .selectFrom('operators')
        .leftJoin('passkeys', 'passkeys.operator_id', 'operators.id')
        .select((eb) => [
          'operators.id',
          'operators.email',
          'operators.name',
          'operators.created_at',
          'operators.revoked_at',
          eb.fn.count<number | string>('passkeys.credential_id').as('passkeys'),
          eb.fn.max('passkeys.last_used_at').as('last_sign_in_at'),
        ])
        .groupBy([
          'operators.id',
          'operators.email',
          'operators.name',
          'operators.created_at',
          'operators.revoked_at',
        ])
        .orderBy('operators.email')
        .execute();
      return rows.map((row) => ({ ...row, passkeys: Number(row.passkeys) }));
    },

    /**
     * Revokes the operator in one transaction: their sessions end, their passkeys and unused links are
     * deleted (an invitation after it starts from nothing). Returns the operator and the mails that
     * carried the deleted links; undefined when there is no such operator.
     */
    async revoke(
      email: string,
      now = new Date().toISOString(),
    ): Promise<{ operator: Operator; linkMails: string[] } | undefined> {
      return db.transaction().execute(async (trx) => {
        const operator = await trx
          .updateTable('operators')
          .set({ revoked_at: now })
          .where('email', '=', normalEmail(email))
          .returningAll()
          .executeTakeFirst();
        if (!operator) return undefined;
        await trx
          .updateTable('sessions')
          .set({ revoked_at: now })
          .where('operator_id', '=', operator.id)
          .where('revoked_at', 'is', null)
          .execute();
        await trx.deleteFrom('passkeys').where('operator_id', '=', operator.id).execute();
        const linkMails = await signInLinkRepository(trx).deleteUnused(operator.id);
        return { operator, linkMails };
      });
    },
  };
}
