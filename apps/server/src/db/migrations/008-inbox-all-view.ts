import type { Kysely } from 'kysely';

/**
 * The inbox's "All" and "Spam" views (no status) are `spam = ? order by seq desc limit 50`: the
 * messages_inbox index (spam, status, seq) finds their rows but not in seq order, so SQLite, which has no
 * statistics, sorted every message of the view for each page (about 20 ms a page at 10,000 messages, see
 * bench/inbox.mjs). This index reads a page in order and stops after it; searches walk it newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('messages_spam_seq').on('messages').columns(['spam', 'seq']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_spam_seq').execute();
}
