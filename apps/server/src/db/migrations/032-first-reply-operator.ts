import { type Kysely, sql } from 'kysely';

/** What a report reads of a message: the index's columns, the spam flag and the time first. */
const reportColumns = [
  'spam',
  'received_at',
  'site_key',
  'language',
  'status',
  'first_reply_at',
  'first_reply_by',
  'first_response_business_s',
  'first_response_wall_s',
];

/**
 * The reports count each answered conversation for the operator who sent its first reply: kept with the
 * first-response clock (an operator id; no foreign key, which SQLite could not drop the column of again,
 * and operators are only ever revoked). Messages answered before take the operator of their earliest
 * reply.
 *
 * A report reads the conversations (not spam) received in a range of days, and of each only what it
 * counts: one index holds all of that, so a range is read from the index alone (a few dozen bytes a
 * message, not the message's pages), and no spam, most of what is stored, is read at all.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('first_reply_by', 'integer').execute();
  await sql`
    update messages set first_reply_by = (
      select operator_id from replies where replies.message_id = messages.id order by created_at, seq limit 1
    )
    where first_reply_at is not null`.execute(db);
  await db.schema.createIndex('messages_report').on('messages').columns(reportColumns).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_report').execute();
  await db.schema.alterTable('messages').dropColumn('first_reply_by').execute();
}
