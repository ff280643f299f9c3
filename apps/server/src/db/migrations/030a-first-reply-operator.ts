import { type Kysely, sql } from 'kysely';

/**
 * The reports count each answered conversation for the operator who sent its first reply: kept with the
 * first-response clock (an operator id; no foreign key, which SQLite could not drop the column of again,
 * and operators are only ever revoked). Messages answered before take the operator of their first
 * reply. A report reads the messages received in a range of days: an index of `received_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('first_reply_by', 'integer').execute();
  await sql`
    update messages set first_reply_by = (
      select operator_id from replies where replies.message_id = messages.id order by created_at, seq limit 1
    )
    where first_reply_at is not null`.execute(db);
  await db.schema.createIndex('messages_received').on('messages').column('received_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_received').execute();
  await db.schema.alterTable('messages').dropColumn('first_reply_by').execute();
}
