import type { Kysely } from 'kysely';
import { databaseKind } from '../dialect.js';
import { autoIncrementKey } from './auto-increment-key.js';

/**
 * Mail that comes in (decision 029): each mail read from the company's mailbox is imported once, by its
 * key (its Message-ID); a visitor's answer joins its conversation as an inbound mail, any other mail
 * becomes a message of its own (source `email`). How far each mailbox was read is kept per UIDVALIDITY;
 * where a mail was moved, so that erasing its message deletes that copy too.
 * An answer's notification is an outbox row that names the inbound mail.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('messages')
    .addColumn('source', 'text', (column) => column.notNull().defaultTo('form'))
    .execute();
  await db.schema
    .createTable('inbound_mails')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('from_name', 'text', (column) => column.notNull())
    .addColumn('from_address', 'text', (column) => column.notNull())
    .addColumn('subject', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('mail_id', 'text')
    .addColumn('automatic', 'integer', (column) => column.notNull())
    .addColumn('received_at', 'text', (column) => column.notNull())
    .execute();
  // An imported mail's files, kept in the database so every instance serves them and erasure is one delete.
  await db.schema
    .createTable('attachments')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('inbound_seq', 'integer', (column) =>
      column.references('inbound_mails.seq').onDelete('cascade'),
    )
    .addColumn('file_name', 'text', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('content', databaseKind(db) === 'postgres' ? 'bytea' : 'blob', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('attachments_message')
    .on('attachments')
    .columns(['message_id', 'seq'])
    .execute();
  await db.schema
    .createIndex('inbound_mails_message')
    .on('inbound_mails')
    .columns(['message_id', 'seq'])
    .execute();
  // A mail's key outlives an erased message (its message_id then null), so a mailbox read again from the
  // start never brings the erased mail back; the key is keyed-hashed, so it names no one.
  await db.schema
    .createTable('imported_mails')
    .addColumn('mail_key', 'text', (column) => column.primaryKey())
    .addColumn('message_id', 'text', (column) => column.references('messages.id').onDelete('set null'))
    .addColumn('imported_at', 'text', (column) => column.notNull())
    .addColumn('folder', 'text')
    .addColumn('folder_uid_validity', 'text')
    .addColumn('folder_uid', 'integer')
    .addColumn('move_claimed_at', 'text')
    .execute();
  await db.schema.createIndex('imported_mails_message').on('imported_mails').column('message_id').execute();
  // The copies of erased mails in the folder imported mails are moved to, for the reader to delete.
  await db.schema
    .createTable('mailbox_erasures')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('folder', 'text', (column) => column.notNull())
    .addColumn('uid_validity', 'text', (column) => column.notNull())
    .addColumn('uid', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('mailbox_state')
    .addColumn('mailbox', 'text', (column) => column.primaryKey())
    .addColumn('uid_validity', 'text', (column) => column.notNull())
    .addColumn('last_uid', 'integer', (column) => column.notNull())
    .execute();
  // No foreign key, which SQLite could not drop the column of again: the row goes with its message anyway.
  await db.schema.alterTable('outbox').addColumn('inbound_seq', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox').dropColumn('inbound_seq').execute();
  for (const table of ['mailbox_erasures', 'mailbox_state', 'imported_mails', 'attachments', 'inbound_mails'])
    await db.schema.dropTable(table).execute();
  await db.schema.alterTable('messages').dropColumn('source').execute();
}
