import { analyticsFigures } from './analytics/analytics-figures.js';
import { auditLog } from './audit/audit-log.js';
import type { FirstResponseClockLoader } from './business-hours/load-first-response-clock.js';
import type { Db } from './db/database.js';
import { inboxService } from './inbox/inbox-service.js';
import { dataSubjects } from './privacy/data-subject-repository.js';
import { privacyService } from './privacy/privacy-service.js';
import { reportService } from './reports/report-service.js';
import { spamTraining } from './spam/spam-training.js';
import type { AddressPolicy } from './webhooks/webhook-address.js';
import { webhookService } from './webhooks/webhook-service.js';

type DataSettings = {
  dataDir: string;
  secret: () => string;
  /** Days the link that confirms a ticked marketing box works (a message found to be no spam asks then). */
  consentConfirmDays: number;
  /** Where webhook endpoints may point. */
  webhookPolicy: AddressPolicy;
  /** The first-response clock (derived-settings.ts firstResponseClockOf), loaded when first asked for. */
  firstResponse: FirstResponseClockLoader;
  /** Tells this instance's webhook worker of deliveries sent again (the command line has none: the server polls). */
  wakeWebhooks?: () => void;
  /** Tells this instance's mailbox reader of erased mails' copies to delete (none without IMAP_URL). */
  wakeMailbox?: () => void;
};

/**
 * The services over the stored data that the inbox's routes and the command line share: each checks its
 * rules and writes its own audit entry, so neither door can skip it. `secret` (APP_SECRET, or the one
 * kept in DATA_DIR) is asked for only by what keys a person's reference with it.
 */
export function dataServices(
  db: Db,
  {
    dataDir,
    secret,
    consentConfirmDays,
    webhookPolicy,
    firstResponse,
    wakeWebhooks = () => {},
    wakeMailbox,
  }: DataSettings,
) {
  const audit = auditLog(db);
  const subjects = dataSubjects(db, dataDir, secret, wakeMailbox);
  const training = spamTraining(db, secret);
  return {
    audit,
    subjects,
    training,
    inbox: inboxService(db, audit, training, { consentConfirmDays, firstResponse }),
    privacy: privacyService(db, subjects, audit, secret),
    webhooks: webhookService(db, audit, { policy: webhookPolicy, wake: wakeWebhooks }),
    analytics: analyticsFigures(db),
    reports: reportService(db, audit, firstResponse),
  };
}
