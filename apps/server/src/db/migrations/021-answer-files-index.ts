import type { Kysely } from 'kysely';

/**
 * The files of given answers, as a page of a thread reads them (decision 038): found by their answer
 * instead of among every file of the conversation, which may be thousands.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('attachments_inbound').on('attachments').column('inbound_seq').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('attachments_inbound').execute();
}
