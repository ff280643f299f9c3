// Stores bench:inbox's messages through the built server's own database module and message
// repository (apps/server/dist): every row goes through the repository's group commit, with the
// search index's triggers and the outbox rows, a transaction per BATCH.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import { repo } from '@site/testing/server-process';
import { sampleMessage } from './sample-inbox.mjs';

const server = (path) => import(pathToFileURL(join(repo, 'apps/server/dist', path)).href);
const { openDatabase } = await server('db/database.js');
const { messageRepository } = await server('contact/message-repository.js');
const { newMessageId } = await server('contact/message-id.js');
const { databaseKind } = await server('db/dialect.js');
const { openPostgres } = await server('db/postgres.js');

const BATCH = 1_000;
const DAY_MS = 24 * 60 * 60 * 1000;
/** The messages arrived evenly over two years up to now; the real ones of the last fortnight are new. */
export const SEEDED_DAYS = 730;
const SPAN_MS = SEEDED_DAYS * DAY_MS;
const STILL_NEW_MS = 14 * DAY_MS;
/** IP_RETENTION_DAYS' default: older messages' network details were blanked by the daily retention run. */
const NETWORK_DETAILS_KEPT_MS = 30 * DAY_MS;

/**
 * What became of a batch since it arrived: its mails went out, and staff read, answered or archived
 * its real messages older than a fortnight (status is not searched: no search index changes).
 */
async function handled(db, handledIds) {
  await db
    .updateTable('outbox')
    .set((eb) => ({ status: 'sent', sent_at: eb.ref('next_attempt_at') }))
    .where('status', '=', 'pending')
    .execute();
  if (handledIds.length === 0) return;
  await db
    .updateTable('messages')
    .set({
      status: sql`case when seq % 10 < 3 then 'read' when seq % 10 < 7 then 'answered' else 'archived' end`,
    })
    .where('id', 'in', handledIds)
    .execute();
}

/**
 * PostgreSQL: the statistics and visibility maps autovacuum would have made soon after so many inserts
 * (of the messages and of their search tables). On a connection of its own without the server's time
 * limits, as the migrations have: at a million messages it takes minutes, and the server's pool gives
 * up on any statement after 11 s on the client's side, whatever `statement_timeout` the server has.
 */
async function vacuumed(db, url) {
  if (databaseKind(db) !== 'postgres') return;
  const untimed = openPostgres(url, 1, () => {}, false);
  try {
    await sql`vacuum analyze`.execute(untimed);
  } finally {
    await untimed.destroy();
  }
}

/**
 * Stores `count` sample messages in the database `settings` name (as openDatabase takes them), the
 * newest received now, `spamShare` of them spam (sample-inbox.mjs's 90 % by default). How many are
 * spam and mention the searched words.
 */
export async function seedInbox(settings, count, ownSiteKey, { spamShare } = {}) {
  const db = await openDatabase({ lockTimeoutMs: 5_000, ...settings });
  const counts = { spam: 0, common: 0, rare: 0 };
  try {
    const repository = messageRepository(db, { consentConfirmDays: 7 });
    const now = Date.now();
    const step = SPAN_MS / count;
    for (let start = 0; start < count; start += BATCH) {
      const stored = [];
      const handledIds = [];
      for (let n = start; n < Math.min(count, start + BATCH); n++) {
        const at = Math.round(now - (count - 1 - n) * step);
        const { common, rare, message } = sampleMessage(ownSiteKey, newMessageId(at), at, spamShare);
        counts.spam += message.spam;
        if (common) counts.common++;
        if (rare) counts.rare++;
        if (!message.spam && at < now - STILL_NEW_MS) handledIds.push(message.id);
        if (at < now - NETWORK_DETAILS_KEPT_MS) Object.assign(message, { ip: '', user_agent: '' });
        // Given together, they are stored in one transaction.
        stored.push(repository.insert(message));
      }
      await Promise.all(stored);
      await handled(db, handledIds);
      if ((start + BATCH) % 100_000 === 0) console.log(`  ${start + BATCH} stored`);
    }
    await vacuumed(db, settings.url);
  } finally {
    await db.destroy();
  }
  return counts;
}
