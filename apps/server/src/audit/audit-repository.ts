import type { Insertable } from 'kysely';
import type { Db } from '../db/database.js';
import type { AuditLogTable } from '../db/types.js';

/** The audit log's rows, and the operators its entries name. */
export function auditRepository(db: Db) {
  return {
    async insert(entry: Insertable<AuditLogTable>) {
      await db.insertInto('audit_log').values(entry).execute();
    },

    /** The newest entries, before `beforeSeq` when given, each with the address of the operator who acted. */
    newest(limit: number, beforeSeq?: number) {
      let query = db
        .selectFrom('audit_log')
        .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
        .select([
          'audit_log.seq',
          'audit_log.at',
          'operators.email',
          'audit_log.via',
          'audit_log.action',
          'audit_log.target',
        ])
        .orderBy('audit_log.seq', 'desc')
        .limit(limit);
      if (beforeSeq !== undefined) query = query.where('audit_log.seq', '<', beforeSeq);
      return query.execute();
    },

    /** The addresses of these operators, by id. */
    async operatorAddresses(ids: readonly number[]) {
      if (ids.length === 0) return new Map<number, string>();
      const rows = await db.selectFrom('operators').select(['id', 'email']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.email]));
    },

    /** The entries by the operator or about them (`target`, alone or first), oldest first. */
    byOrAbout(operatorId: number, target: string) {
      return db
        .selectFrom('audit_log')
        .select(['via', 'action', 'target', 'at'])
        .where((eb) =>
          eb.or([
            eb('operator_id', '=', operatorId),
            eb('target', '=', target),
            eb('target', 'like', `${target} %`),
          ]),
        )
        .orderBy('seq')
        .execute();
    },
  };
}
