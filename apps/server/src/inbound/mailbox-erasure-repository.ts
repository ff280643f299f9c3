import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/types.js';

/** Queues for the mailbox reader to delete the moved copies (in the folder of ours) of the imported mails `which` selects. */
async function queueMovedCopies(
  trx: Db,
  which: (
    mails: SelectQueryBuilder<Database, 'imported_mails', object>,
  ) => SelectQueryBuilder<Database, 'imported_mails', object>,
) {
  await trx
    .insertInto('mailbox_erasures')
    .columns(['folder', 'uid_validity', 'uid'])
    .expression(
      which(trx.selectFrom('imported_mails'))
        .select(['folder', 'folder_uid_validity', 'folder_uid'])
        .where('folder', 'is not', null)
        .where('folder_uid_validity', 'is not', null)
        .where('folder_uid', 'is not', null)
        .$narrowType<{ folder: string; folder_uid_validity: string; folder_uid: number }>(),
    )
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
  await queueMovedCopies(trx, (mails) => mails.where('message_id', 'in', messageIds));
}

/**
 * Before answers by mail are erased without their conversation (their sender's, in someone else's):
 * queues the moved copies of their mails. `inboundSeqs` selects the answers' seqs.
 */
export async function queueAnswerErasures(
  trx: Db,
  inboundSeqs: SelectQueryBuilder<Database, 'inbound_mails', { seq: number }>,
) {
  await queueMovedCopies(trx, (mails) => mails.where('inbound_seq', 'in', inboundSeqs));
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
  await queueMovedCopies(trx, (mails) =>
    mails
      .where('sender_key', '=', senderKey)
      .where('inbound_seq', 'is', null)
      .where((eb) => eb.or([eb('message_id', 'is', null), eb('message_id', 'not in', theirs)])),
  );
  await trx
    .updateTable('imported_mails')
    .set({ sender_key: null })
    .where('sender_key', '=', senderKey)
    .execute();
}
