import { adminApiPaths } from '@site/api-contract/constants';
import type {
  AuditPage,
  OperatorInvited,
  OperatorList,
  OperatorRevoked,
  SubjectErased,
  SubjectOptedOut,
  SubjectRestricted,
} from '@site/api-contract';
import { download, getJson, postJson } from './admin-client.ts';

export type { AuditEntry, OperatorSummary as Operator } from '@site/api-contract';

export const operators = {
  list: async () => (await getJson<OperatorList>(adminApiPaths.operators)).operators,
  invite: (email: string) => postJson<OperatorInvited>(adminApiPaths.operators, { email }),
  revoke: (email: string) => postJson<OperatorRevoked>(adminApiPaths.revokeOperator, { email }),
};

export const auditPage = (before?: number) =>
  getJson<AuditPage>(`${adminApiPaths.audit}${before ? `?before=${before}` : ''}`);

/** The GDPR requests a person can make about the address they wrote from. */
export const subjects = {
  access: (email: string) => download(adminApiPaths.subjectAccess, { email }),
  erase: (email: string) => postJson<SubjectErased>(adminApiPaths.eraseSubject, { email }),
  restrict: (email: string) => postJson<SubjectRestricted>(adminApiPaths.restrictSubject, { email }),
  optOut: (email: string) => postJson<SubjectOptedOut>(adminApiPaths.optOutSubject, { email }),
};
