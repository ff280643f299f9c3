import { type Kysely, sql } from 'kysely';
import { emailDomainOf } from '../email-domain.js';

/**
 * The acknowledgement mail goes to an address at most once in 24 hours, decided in the database so that
 * instances sharing it agree (decision 067): one row per address, as a keyed hash of it, with when it
 * was last acknowledged. Its unique key is what makes two instances' claims on one address one.
 *
 * A sender's history reads the messages of one address, and of one company domain, newest first: an
 * index of the address with `seq` (replacing the address's own), and one of the address's domain, the
 * expression db/email-domain.ts writes, with `seq`. So each list reads only the rows it gives, however
 * many messages there are.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('acknowledged_senders')
    .addColumn('sender_key', 'text', (column) => column.primaryKey())
    .addColumn('acknowledged_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('acknowledged_senders_at')
    .on('acknowledged_senders')
    .column('acknowledged_at')
    .execute();

  await db.schema.createIndex('messages_email_seq').on('messages').columns(['email', 'seq']).execute();
  await db.schema.dropIndex('messages_email').execute();
  await sql`create index messages_email_domain on messages (${emailDomainOf(db)}, seq)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_email_domain').execute();
  await db.schema.createIndex('messages_email').on('messages').column('email').execute();
  await db.schema.dropIndex('messages_email_seq').execute();
  await db.schema.dropTable('acknowledged_senders').execute();
}
