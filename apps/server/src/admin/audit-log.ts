import type { Db } from '../db/database.js';
import type { AuditLogTable } from '../db/types.js';

export type AuditEntry = {
  /** Null for the command line. */
  operatorId: number | null;
  via: AuditLogTable['via'];
  action: string;
  target?: string;
};

/** Appends what an operator did; callers pass ids and addresses, never a message's content. */
export function auditLog(db: Db) {
  return {
    async record({ operatorId, via, action, target }: AuditEntry, at = new Date().toISOString()) {
      await db
        .insertInto('audit_log')
        .values({ operator_id: operatorId, via, action, target: target ?? null, at })
        .execute();
    },

    /** The newest entries with the operator's address, before `beforeSeq` when given: the inbox's audit page. */
    page(limit: number, beforeSeq?: number) {
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

    /** What the operator did, and what was done about them: for their subject-access report. */
    async about(operator: { id: number; email: string }) {
      return db
        .selectFrom('audit_log')
        .select(['via', 'action', 'target', 'at'])
        .where((eb) => eb.or([eb('operator_id', '=', operator.id), eb('target', '=', operator.email)]))
        .orderBy('seq')
        .execute();
    },
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
