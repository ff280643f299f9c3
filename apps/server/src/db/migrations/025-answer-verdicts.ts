import { type Kysely, sql } from 'kysely';

/**
 * An answer that came in by mail keeps the spam filter's verdict in three bands, as a message does:
 * one possibly spam is labelled and still told. Answers stored before keep their flag as their verdict.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('inbound_mails')
    .addColumn('spam_verdict', 'text', (column) => column.notNull().defaultTo('not-spam'))
    .execute();
  await sql`update inbound_mails set spam_verdict = 'spam' where spam = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('inbound_mails').dropColumn('spam_verdict').execute();
}
