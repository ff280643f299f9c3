import type { Kysely } from 'kysely';

/**
 * A message that came by mail keeps what DMARC said of its From, as an answer does (migration 020): the
 * inbox says when it failed, and the spam filter does not take such a sender as one the company knows.
 * Null for a form's message, for mail stored before, and when the receiving server did not say.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('dmarc', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('dmarc').execute();
}
