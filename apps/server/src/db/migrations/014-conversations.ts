import type { Kysely } from 'kysely';
import { autoIncrementKey } from './auto-increment-key.js';

/**
 * Conversations (decision 028): the operators' replies, queued and leased like the outbox; internal
 * notes; saved replies; who a message is assigned to; who has a message open or is writing a reply;
 * and each operator's name, which visitors see on replies. Replies, notes and presence go with their
 * message (erasure, retention).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('operators').addColumn('name', 'text').execute();
  // An operator id; no foreign key, which SQLite could not drop the column of again (operators are only
  // ever revoked, never deleted).
  await db.schema.alterTable('messages').addColumn('assigned_to', 'integer').execute();
  await db.schema.createIndex('messages_assigned').on('messages').columns(['assigned_to', 'seq']).execute();

  await db.schema
    .createTable('replies')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('operator_id', 'integer', (column) => column.notNull().references('operators.id'))
    .addColumn('from_name', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('mail_id', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('replies_message').on('replies').columns(['message_id', 'seq']).execute();
  await db.schema.createIndex('replies_due').on('replies').columns(['status', 'next_attempt_at']).execute();

  await db.schema
    .createTable('notes')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('operator_id', 'integer', (column) => column.notNull().references('operators.id'))
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('notes_message').on('notes').columns(['message_id', 'seq']).execute();

  await db.schema
    .createTable('saved_replies')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('name', 'text', (column) => column.notNull().unique())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'text', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('presence')
    .addColumn('message_id', 'text', (column) =>
      column.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('operator_id', 'integer', (column) => column.notNull().references('operators.id'))
    .addColumn('activity', 'text', (column) => column.notNull())
    .addColumn('seen_at', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('presence_key', ['message_id', 'operator_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['presence', 'saved_replies', 'notes', 'replies'])
    await db.schema.dropTable(table).execute();
  await db.schema.dropIndex('messages_assigned').execute();
  await db.schema.alterTable('messages').dropColumn('assigned_to').execute();
  await db.schema.alterTable('operators').dropColumn('name').execute();
}
