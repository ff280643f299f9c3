import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/**
 * Which answer (inbound mail) an imported mail was filed as, so that erasing the person who sent it
 * from another address deletes its moved copy too, not only erasing its conversation. Mails imported
 * earlier are matched by their conversation and the time, which one import transaction gives both.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // No foreign key, which SQLite could not drop the column of again; erasure clears it.
  await db.schema.alterTable('imported_mails').addColumn('inbound_seq', 'integer').execute();
  await sql`
    update imported_mails set inbound_seq = (
      select min(seq) from inbound_mails
      where inbound_mails.message_id = imported_mails.message_id
        and inbound_mails.received_at = imported_mails.imported_at
    )
    where message_id is not null
      and (
        select count(*) from inbound_mails
        where inbound_mails.message_id = imported_mails.message_id
          and inbound_mails.received_at = imported_mails.imported_at
      ) = 1`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('imported_mails').dropColumn('inbound_seq').execute();
}
