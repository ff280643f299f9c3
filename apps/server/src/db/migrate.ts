import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as messages from './migrations/001-messages.js';
import * as outbox from './migrations/002-outbox.js';
import * as privacy from './migrations/003-privacy.js';
import * as marketingConsents from './migrations/004-marketing-consents.js';
import * as wipeFreeSpace from './migrations/005-wipe-free-space.js';
import * as inboxStatus from './migrations/007-inbox-status.js';

const migrations: Record<string, Migration> = {
  '001-messages': messages,
  '002-outbox': outbox,
  '003-privacy': privacy,
  '004-marketing-consents': marketingConsents,
  '005-wipe-free-space': wipeFreeSpace,
  '007-inbox-status': inboxStatus,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Every migration's name, in order. */
export const migrationNames = Object.keys(migrations);

/**
 * Brings the schema up to date; throws if a migration fails. Each migration only adds what it names, so
 * one that is missing runs even after later ones (a migration written on a branch that lands second,
 * or one an operator asked to run again by deleting its record).
 */
export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error } = await new Migrator({ db, provider, allowUnorderedMigrations: true }).migrateToLatest();
  if (error) throw error;
}
