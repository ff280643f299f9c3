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
