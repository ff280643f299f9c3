import type { SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/types.js';

/**
 * Before messages are erased: queues the moved copies of their imported mails (in the folder of ours)
 * for the mailbox reader to delete. `messageIds` selects the messages' ids.
 */
export async function queueMailboxErasures(
  trx: Db,
  messageIds: SelectQueryBuilder<Database, 'messages', { id: string }>,
) {
  await trx
    .insertInto('mailbox_erasures')
    .columns(['folder', 'uid_validity', 'uid'])
    .expression(
      trx
        .selectFrom('imported_mails')
        .select(['folder', 'folder_uid_validity', 'folder_uid'])
        .where('message_id', 'in', messageIds)
        .where('folder', 'is not', null)
        .where('folder_uid_validity', 'is not', null)
        .where('folder_uid', 'is not', null)
        .$narrowType<{ folder: string; folder_uid_validity: string; folder_uid: number }>(),
    )
    .execute();
}
