import { auditLog } from './audit/audit-log.js';
import type { Db } from './db/database.js';
import { inboxService } from './inbox/inbox-service.js';
import { dataSubjects } from './privacy/data-subject.js';
import { privacyService } from './privacy/privacy-service.js';

/**
 * The services over the stored data that the inbox's routes and the command line share: each checks its
 * rules and writes its own audit entry, so neither door can skip it. `secret` (APP_SECRET, or the one
 * kept in DATA_DIR) is asked for only by what keys a person's reference with it.
 */
export function dataServices(db: Db, dataDir: string, secret: () => string) {
  const audit = auditLog(db);
  const subjects = dataSubjects(db, dataDir);
  return {
    audit,
    subjects,
    inbox: inboxService(db, audit),
    privacy: privacyService(db, subjects, audit, secret),
  };
}
