import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/types.js';

type ImportedMails = ExpressionBuilder<Database, 'imported_mails'>;

/**
 * Queues for the mailbox reader to delete the copies (moved to the folder of ours, or flagged where they
 * came) of the imported mails `which` selects, and marks them queued: none is queued twice.
 */
async function queueCopies(trx: Db, which: (eb: ImportedMails) => Expression<SqlBool>) {
  const due = (eb: ImportedMails) =>
    eb.and([
      which(eb),
      eb('erase_queued_at', 'is', null),
      eb('folder', 'is not', null),
      eb('folder_uid_validity', 'is not', null),
      eb('folder_uid', 'is not', null),
    ]);
  await trx
    .insertInto('mailbox_erasures')
    .columns(['folder', 'uid_validity', 'uid'])
    .expression(
      trx
        .selectFrom('imported_mails')
        .select(['folder', 'folder_uid_validity', 'folder_uid'])
        .where(due)
        .$narrowType<{ folder: string; folder_uid_validity: string; folder_uid: number }>(),
    )
    .execute();
  await trx
    .updateTable('imported_mails')
    .set({ erase_queued_at: new Date().toISOString() })
    .where(due)
    .execute();
}

/**
 * Before messages are erased: queues the moved copies of their imported mails (in the folder of ours)
 * for the mailbox reader to delete. `messageIds` selects the messages' ids.
 */
export async function queueMailboxErasures(
  trx: Db,
  messageIds: SelectQueryBuilder<Database, 'messages', { id: string }>,
) {
  await queueCopies(trx, (eb) => eb('message_id', 'in', messageIds));
}

/**
 * Before answers by mail are erased without their conversation (their sender's, in someone else's):
 * queues the moved copies of their mails. `inboundSeqs` selects the answers' seqs.
 */
export async function queueAnswerErasures(
  trx: Db,
  inboundSeqs: SelectQueryBuilder<Database, 'inbound_mails', { seq: number }>,
) {
  await queueCopies(trx, (eb) => eb('inbound_seq', 'in', inboundSeqs));
}

/**
 * Before a person is erased: queues the copies of the mails they sent that neither their messages nor
 * their answers lead to (mail past the daily limit, kept in the mailbox unfiled), and forgets which
 * mails were theirs. `theirs` selects their messages' ids.
 */
export async function queueSenderErasures(
  trx: Db,
  senderKey: string,
  theirs: SelectQueryBuilder<Database, 'messages', { id: string }>,
) {
  await queueCopies(trx, (eb) =>
    eb.and([
      eb('sender_key', '=', senderKey),
      eb('inbound_seq', 'is', null),
      eb.or([eb('message_id', 'is', null), eb('message_id', 'not in', theirs)]),
    ]),
  );
  await trx
    .updateTable('imported_mails')
    .set({ sender_key: null })
    .where('sender_key', '=', senderKey)
    .execute();
}

/** When a person listed in the spam digests of these days (YYYY-MM-DD) is erased: queues those digests' copies. */
export async function queueSpamDigestErasures(trx: Db, days: readonly string[]) {
  if (days.length > 0) await queueCopies(trx, (eb) => eb('spam_digest_day', 'in', days));
}

/**
 * Retention: queues the copies, imported before `before` (ISO time), of the mails no message or answer
 * leads to (the company's own mails about none, a sender's mails past the daily limit); with `spam`,
 * only the spam digests' (the spam they list is older still).
 */
export async function queueUnfiledErasuresBefore(trx: Db, before: string, which: 'all' | 'spam') {
  await queueCopies(trx, (eb) =>
    eb.and([
      eb('imported_at', '<', before),
      eb('message_id', 'is', null),
      eb('inbound_seq', 'is', null),
      ...(which === 'spam' ? [eb('spam_digest_day', 'is not', null)] : []),
    ]),
  );
}
