import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import * as messages from './migrations/001-messages.js';
import * as outbox from './migrations/002-outbox.js';
import * as privacy from './migrations/003-privacy.js';
import * as marketingConsents from './migrations/004-marketing-consents.js';
import * as wipeFreeSpace from './migrations/005-wipe-free-space.js';
import * as operators from './migrations/006-operators.js';
import * as inboxStatus from './migrations/007-inbox-status.js';
import * as inboxAllView from './migrations/008-inbox-all-view.js';
import * as operatorSecurity from './migrations/009-operator-security.js';
import * as spamFilter from './migrations/010-spam-filter.js';
import * as messageSearch from './migrations/011-message-search.js';
import * as fewerMessageIndexes from './migrations/012-fewer-message-indexes.js';
import * as postgresSearchTables from './migrations/013-postgres-search-tables.js';
import * as conversations from './migrations/014-conversations.js';
import * as inboundMail from './migrations/015-inbound-mail.js';
import * as messageLanguage from './migrations/016-message-language.js';
import * as webhooks from './migrations/017-webhooks.js';
import * as normalAddresses from './migrations/018-normal-addresses.js';
import * as importedAnswers from './migrations/019-imported-answers.js';
import * as inboundSafety from './migrations/020-inbound-safety.js';
import * as answerFilesIndex from './migrations/021-answer-files-index.js';
import * as linearSearchCompounds from './migrations/022-linear-search-compounds.js';
import * as spamDigest from './migrations/023-spam-digest.js';
import * as spamVerdicts from './migrations/024-spam-verdicts.js';
import * as answerVerdicts from './migrations/025-answer-verdicts.js';
import * as markWeight from './migrations/026-mark-weight.js';
import * as firstResponse from './migrations/027-first-response.js';
import * as analytics from './migrations/028-analytics.js';
import * as acknowledgementsAndSenderHistory from './migrations/029-acknowledgements-and-sender-history.js';
import * as analyticsWeeklyMailAndCountry from './migrations/030-analytics-weekly-mail-and-country.js';
import * as analyticsMonths from './migrations/031-analytics-months.js';
import * as firstReplyOperator from './migrations/032-first-reply-operator.js';
import * as ownMailCopies from './migrations/033-own-mail-copies.js';
import * as messageDmarc from './migrations/034-message-dmarc.js';

const migrations: Record<string, Migration> = {
  '001-messages': messages,
  '002-outbox': outbox,
  '003-privacy': privacy,
  '004-marketing-consents': marketingConsents,
  '005-wipe-free-space': wipeFreeSpace,
  '006-operators': operators,
  '007-inbox-status': inboxStatus,
  '008-inbox-all-view': inboxAllView,
  '009-operator-security': operatorSecurity,
  '010-spam-filter': spamFilter,
  '011-message-search': messageSearch,
  '012-fewer-message-indexes': fewerMessageIndexes,
  '013-postgres-search-tables': postgresSearchTables,
  '014-conversations': conversations,
  '015-inbound-mail': inboundMail,
  '016-message-language': messageLanguage,
  '017-webhooks': webhooks,
  '018-normal-addresses': normalAddresses,
  '019-imported-answers': importedAnswers,
  '020-inbound-safety': inboundSafety,
  '021-answer-files-index': answerFilesIndex,
  '022-linear-search-compounds': linearSearchCompounds,
  '023-spam-digest': spamDigest,
  '024-spam-verdicts': spamVerdicts,
  '025-answer-verdicts': answerVerdicts,
  '026-mark-weight': markWeight,
  '027-first-response': firstResponse,
  '028-analytics': analytics,
  '029-acknowledgements-and-sender-history': acknowledgementsAndSenderHistory,
  '030-analytics-weekly-mail-and-country': analyticsWeeklyMailAndCountry,
  '031-analytics-months': analyticsMonths,
  '032-first-reply-operator': firstReplyOperator,
  '033-own-mail-copies': ownMailCopies,
  '034-message-dmarc': messageDmarc,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export const migrationNames = Object.keys(migrations);

/** Undoes the migrations after `name`, newest first: for tests that recreate an older version's database. */
export async function migrateBackTo(db: Kysely<unknown>, name: string): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateTo(name);
  if (error) throw error;
}

/**
 * Whether the migrations done are exactly this version's, so the migrator would find nothing to do: one
 * read on PostgreSQL, where the migrator takes a lock and reads the catalog twice. False on a database
 * without migrations yet.
 */
export async function isUpToDate(db: Kysely<unknown>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    const ours = migrationNames.toSorted();
    return rows.length === ours.length && rows.every((row, i) => row.name === ours[i]);
  } catch (error) {
    // 42P01 undefined_table: a new database.
    if ((error as { code?: string }).code === '42P01') return false;
    throw error;
  }
}

/** Brings the schema up to date; throws if a migration fails. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}
