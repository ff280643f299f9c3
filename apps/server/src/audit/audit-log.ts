import { createHmac } from 'node:crypto';
import { normalEmail } from '@site/api-contract';
import type { Db } from '../db/database.js';
import type { AuditLogTable } from '../db/types.js';
import { auditRepository } from './audit-repository.js';

/** Who acts: an operator in the inbox, or the command line (operatorId null). */
export type Actor = {
  /** Null for the command line, and for a failed sign-in that names no operator. */
  operatorId: number | null;
  via: AuditLogTable['via'];
};

/** Whoever runs `npm run messages`: the command line has no operator account. */
export const commandLine: Actor = { operatorId: null, via: 'cli' };

/** An operator acting in the inbox. */
export const inboxOperator = (operatorId: number): Actor => ({ operatorId, via: 'inbox' });

export type AuditEntry = Actor & { action: string; target?: string };

/**
 * How the audit log names the person a request was about: never the address, which would outlive its
 * erasure there, but the first 16 hex digits of an HMAC of its normal form keyed with APP_SECRET. With
 * the server's secret the entry can be matched to an address; without it, guessing addresses and hashing
 * them does not find whom an entry is about.
 */
export const subjectReference = (email: string, secret: string) =>
  `ref:${createHmac('sha256', secret).update(normalEmail(email)).digest('hex').slice(0, 16)}`;

/** How an entry names an operator it is about: by id, never by address (which the log would outlive). */
export const operatorTarget = (operatorId: number) => `operator:${operatorId}`;

/** How an entry names one passkey of an operator: the operator and the start of the passkey's id. */
export const passkeyTarget = (operatorId: number, credentialId: string) =>
  `${operatorTarget(operatorId)} passkey:${credentialId.slice(0, 16)}`;

const operatorInTarget = /^operator:(\d+)\b/;

/** Appends what an operator did; callers pass ids and keyed references, never an address or a message's content. */
export function auditLog(db: Db) {
  const repository = auditRepository(db);
  return {
    async record({ operatorId, via, action, target }: AuditEntry, at = new Date().toISOString()) {
      await repository.insert({ operator_id: operatorId, via, action, target: target ?? null, at });
    },

    /**
     * The newest entries, before `beforeSeq` when given: the inbox's audit page. Each comes with the
     * address of the operator who acted and of the one it names, as they are now.
     */
    async page(limit: number, beforeSeq?: number) {
      const entries = await repository.newest(limit, beforeSeq);
      const addresses = await repository.operatorAddresses(
        [...new Set(entries.flatMap(({ target }) => operatorInTarget.exec(target ?? '')?.[1] ?? []))].map(
          Number,
        ),
      );
      return entries.map((entry) => {
        const id = operatorInTarget.exec(entry.target ?? '')?.[1];
        return { ...entry, targetOperator: id ? (addresses.get(Number(id)) ?? null) : null };
      });
    },

    /** What the operator did, and what was done about them: for their subject-access report. */
    about: (operator: { id: number }) => repository.byOrAbout(operator.id, operatorTarget(operator.id)),
  };
}

export type AuditLog = ReturnType<typeof auditLog>;
