import type { Kysely } from 'kysely';

/**
 * The spam filter (decision 026): each message keeps its verdict's points and reasons, what an operator
 * taught the filter with it, and a keyed fingerprint of its text that finds the same text sent from
 * other addresses. The classifier's counts are per keyed token hash, shared by every instance.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('spam_score', 'real').execute();
  await db.schema
    .alterTable('messages')
    .addColumn('spam_reasons', 'text', (column) => column.notNull().defaultTo('[]'))
    .execute();
  await db.schema.alterTable('messages').addColumn('trained_as', 'text').execute();
  await db.schema.alterTable('messages').addColumn('text_fingerprint', 'text').execute();
  await db.schema
    .createIndex('messages_fingerprint')
    .on('messages')
    .columns(['text_fingerprint', 'received_at'])
    .execute();

  await db.schema
    .createTable('spam_tokens')
    .addColumn('token', 'text', (column) => column.primaryKey())
    .addColumn('spam', 'integer', (column) => column.notNull())
    .addColumn('ham', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('spam_training')
    .addColumn('kind', 'text', (column) => column.primaryKey())
    .addColumn('messages', 'integer', (column) => column.notNull())
    .addColumn('changes', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
  await db
    .insertInto('spam_training' as never)
    .values([
      { kind: 'spam', messages: 0 },
      { kind: 'ham', messages: 0 },
    ] as never)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('spam_training').execute();
  await db.schema.dropTable('spam_tokens').execute();
  await db.schema.dropIndex('messages_fingerprint').execute();
  for (const column of ['text_fingerprint', 'trained_as', 'spam_reasons', 'spam_score'])
    await db.schema.alterTable('messages').dropColumn(column).execute();
}
