import { adminEndpoints as endpoints } from '@site/api-contract/constants';
import { call, download } from './admin-client.ts';

export type { AuditEntry, OperatorSummary as Operator } from '@site/api-contract';

export const operators = {
  list: async () => (await call(endpoints.operators, {})).operators,
  invite: (email: string) => call(endpoints.inviteOperator, {}, { email }),
  revoke: (email: string) => call(endpoints.revokeOperator, {}, { email }),
};

export const auditPage = (before?: number) => call(endpoints.audit, {}, { before });

/** The GDPR requests a person can make about the address they wrote from. */
export const subjects = {
  access: (email: string) => download(endpoints.subjectAccess, {}, { email }),
  erase: (email: string) => call(endpoints.eraseSubject, {}, { email }),
  restrict: (email: string) => call(endpoints.restrictSubject, {}, { email }),
  optOut: (email: string) => call(endpoints.optOutSubject, {}, { email }),
};
