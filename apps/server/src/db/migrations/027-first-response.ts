import { type Kysely, sql } from 'kysely';

const columns = [
  ['first_reply_at', 'text'],
  ['first_response_business_s', 'integer'],
  ['first_response_wall_s', 'integer'],
] as const;

/**
 * The first-response clock stops at a conversation's first reply: when it was queued, and how long the
 * company took, in business time and on the wall clock (whole seconds). Messages answered before keep the
 * time of their first reply, without the figures, which the settings of then would have given.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column a statement: SQLite adds one at a time.
  for (const [column, type] of columns)
    await db.schema.alterTable('messages').addColumn(column, type).execute();
  await sql`
    update messages set first_reply_at = (
      select min(created_at) from replies where replies.message_id = messages.id
    )
    where exists (select 1 from replies where replies.message_id = messages.id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [column] of columns) await db.schema.alterTable('messages').dropColumn(column).execute();
}
