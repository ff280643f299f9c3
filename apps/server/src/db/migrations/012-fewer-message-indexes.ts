import { type Kysely, sql } from 'kysely';

/**
 * Two index pages less to write per commit of messages (decision 025). The fingerprint index holds only
 * the messages that have one: a text too short for one (most "please call me back" messages) puts no
 * entry in it. And the views of every status read `(spam, status, seq, received_at)` once per status,
 * merged newest first (`inbox/inbox-repository.ts`), so `(spam, seq, received_at)` goes.
 */
async function fingerprintIndex(db: Kysely<unknown>, onlyWithFingerprint: boolean) {
  await db.schema.dropIndex('messages_fingerprint').execute();
  const index = db.schema
    .createIndex('messages_fingerprint')
    .on('messages')
    .columns(['text_fingerprint', 'received_at']);
  await (onlyWithFingerprint ? index.where(sql.ref('text_fingerprint'), 'is not', null) : index).execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await fingerprintIndex(db, true);
  await db.schema.dropIndex('messages_view').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('messages_view')
    .on('messages')
    .columns(['spam', 'seq', 'received_at'])
    .execute();
  await fingerprintIndex(db, false);
}
