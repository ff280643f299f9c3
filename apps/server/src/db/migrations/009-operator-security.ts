import { type Kysely, sql } from 'kysely';
import { autoIncrementKey } from './auto-increment-key.js';

/**
 * What the review of the inbox asked of operator accounts (decision 020): passkeys with a name and a flag for a
 * refused copy, sessions that know the passkey that started them (removing it ends them), sign-in links
 * traded for a cookie on first load and whose mailed copy can be taken back, passkey sign-ins counted
 * by challenge (a completed one stops counting), mails to operators through a queue of their own, and
 * audit entries that name operators by id instead of their address.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('passkeys')
    .addColumn('name', 'text', (column) => column.notNull().defaultTo('Passkey'))
    .execute();
  await db.schema.alterTable('passkeys').addColumn('flagged_at', 'text').execute();
  await db.schema.createIndex('passkeys_operator').on('passkeys').column('operator_id').execute();

  await db.schema.alterTable('sessions').addColumn('credential_id', 'text').execute();
  await db.schema.createIndex('sessions_credential').on('sessions').column('credential_id').execute();

  await db.schema.alterTable('sign_in_links').addColumn('ticket_hash', 'text').execute();
  await db.schema.alterTable('sign_in_links').addColumn('mail_id', 'text').execute();
  await db.schema
    .createIndex('sign_in_links_ticket')
    .unique()
    .on('sign_in_links')
    .column('ticket_hash')
    .execute();

  // The rows counted until now keyed addresses with a plain SHA-256; they live an hour at most.
  await db.schema.alterTable('sign_in_requests').addColumn('challenge', 'text').execute();
  await db.deleteFrom('sign_in_requests' as never).execute();

  await sql`update audit_log set target = (select 'operator:' || operators.id from operators where operators.email = audit_log.target)
    where action in ('operator.invite', 'operator.revoke')
    and target in (select email from operators)`.execute(db);

  await db.schema
    .createTable('operator_mails')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('operator_id', 'integer', (column) =>
      column.notNull().references('operators.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('details', 'text', (column) => column.notNull())
    .addColumn('status', 'text', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (column) => column.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('operator_mails_due')
    .on('operator_mails')
    .columns(['status', 'next_attempt_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('operator_mails').execute();
  await sql`update audit_log set target = (select operators.email from operators where 'operator:' || operators.id = audit_log.target)
    where action in ('operator.invite', 'operator.revoke') and target like 'operator:%'`.execute(db);
  await db.schema.alterTable('sign_in_requests').dropColumn('challenge').execute();
  await db.schema.dropIndex('sign_in_links_ticket').execute();
  await db.schema.alterTable('sign_in_links').dropColumn('mail_id').execute();
  await db.schema.alterTable('sign_in_links').dropColumn('ticket_hash').execute();
  await db.schema.dropIndex('sessions_credential').execute();
  await db.schema.alterTable('sessions').dropColumn('credential_id').execute();
  await db.schema.dropIndex('passkeys_operator').execute();
  await db.schema.alterTable('passkeys').dropColumn('flagged_at').execute();
  await db.schema.alterTable('passkeys').dropColumn('name').execute();
}
