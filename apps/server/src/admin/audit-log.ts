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

    async recent(limit = 100) {
      return db
        .selectFrom('audit_log')
        .leftJoin('operators', 'operators.id', 'audit_log.operator_id')
        .select(['audit_log.seq', 'operators.email', 'via', 'action', 'target', 'at'])
        .orderBy('audit_log.seq', 'desc')
        .limit(limit)
        .execute();
    },
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
