import type { Kysely } from 'kysely';

/**
 * The copies of the company's own mails that no message leads to (decision 083): a spam digest that came
 * back into the mailbox the server reads keeps its day, so erasing a person it listed deletes it; and a
 * copy queued for deletion says so, so that retention, which deletes the copies of mails no message or
 * answer leads to, queues each only once. Copies recorded before keep no day: retention reaches them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imported_mails').addColumn('spam_digest_day', 'text').execute();
  await db.schema.alterTable('imported_mails').addColumn('erase_queued_at', 'text').execute();
  await db.schema
    .createIndex('imported_mails_spam_digest_day')
    .on('imported_mails')
    .column('spam_digest_day')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('imported_mails_spam_digest_day').execute();
  await db.schema.alterTable('imported_mails').dropColumn('erase_queued_at').execute();
  await db.schema.alterTable('imported_mails').dropColumn('spam_digest_day').execute();
}
