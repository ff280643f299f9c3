import { adminApiPaths } from '@site/api-contract';
import { download, getJson, postJson } from './admin-client.ts';

export type Operator = {
  email: string;
  createdAt: string;
  revokedAt: string | null;
  passkeys: number;
  lastSignInAt: string | null;
};

export type AuditEntry = {
  seq: number;
  at: string;
  operator: string | null;
  via: string;
  action: string;
  target: string | null;
  /** The address of the operator the target names (`operator:ID`), as it is now. */
  targetOperator: string | null;
};

export const operators = {
  list: async () => (await getJson<{ operators: Operator[] }>(adminApiPaths.operators)).operators,
  invite: (email: string) => postJson<{ created: boolean }>(adminApiPaths.operators, { email }),
  revoke: (email: string) => postJson<unknown>(adminApiPaths.revokeOperator, { email }),
};

export const auditPage = (before?: number) =>
  getJson<{ entries: AuditEntry[]; nextBefore: number | null }>(
    `${adminApiPaths.audit}${before ? `?before=${before}` : ''}`,
  );

/** The GDPR requests a person can make about the address they wrote from. */
export const subjects = {
  access: (email: string) => download(adminApiPaths.subjectAccess, { email }),
  erase: (email: string) =>
    postJson<{ messages: number; notificationFiles: number }>(adminApiPaths.eraseSubject, { email }),
  restrict: (email: string) => postJson<{ messages: number }>(adminApiPaths.restrictSubject, { email }),
  optOut: (email: string) => postJson<unknown>(adminApiPaths.optOutSubject, { email }),
};
