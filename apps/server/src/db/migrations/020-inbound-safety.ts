import type { Kysely } from 'kysely';

/**
 * Mail that comes in, read as hostile (decision 034): a visitor's answer is judged by the spam filter
 * and carries the DMARC outcome its receiving server recorded; every imported mail keeps a keyed hash
 * of its sender, so the daily limit per sender is counted and erasing the sender finds every copy in the
 * mailbox; files keep when they were stored, for the daily storage limit. Answers are threaded by the
 * Message-IDs of the replies sent, looked up by index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inbound_mails')
    .addColumn('spam', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('inbound_mails').addColumn('dmarc', 'text').execute();
  await db.schema.alterTable('imported_mails').addColumn('sender_key', 'text').execute();
  await db.schema
    .createIndex('imported_mails_sender')
    .on('imported_mails')
    .columns(['sender_key', 'imported_at'])
    .execute();
  await db.schema.alterTable('attachments').addColumn('stored_at', 'text').execute();
  await db.schema.createIndex('attachments_stored').on('attachments').column('stored_at').execute();
  await db.schema.createIndex('replies_mail_id').on('replies').column('mail_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('replies_mail_id').execute();
  await db.schema.dropIndex('attachments_stored').execute();
  await db.schema.alterTable('attachments').dropColumn('stored_at').execute();
  await db.schema.dropIndex('imported_mails_sender').execute();
  await db.schema.alterTable('imported_mails').dropColumn('sender_key').execute();
  await db.schema.alterTable('inbound_mails').dropColumn('dmarc').execute();
  await db.schema.alterTable('inbound_mails').dropColumn('spam').execute();
}
