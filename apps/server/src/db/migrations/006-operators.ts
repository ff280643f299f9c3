import type { Kysely } from 'kysely';
import { autoIncrementKey } from './auto-increment-key.js';

const operatorKey = 'operators.id';

/** Operators sign in with passkeys; links, challenges and sessions are kept only as hashes or short-lived rows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('operators')
    .$call(autoIncrementKey(db, 'id'))
    .addColumn('email', 'text', (column) => column.notNull().unique())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema
    .createTable('passkeys')
    .addColumn('credential_id', 'text', (column) => column.primaryKey())
    .addColumn('operator_id', 'integer', (column) =>
      column.notNull().references(operatorKey).onDelete('cascade'),
    )
    .addColumn('public_key', 'text', (column) => column.notNull())
    .addColumn('counter', 'bigint', (column) => column.notNull())
    .addColumn('transports', 'text', (column) => column.notNull())
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema
    .createTable('sign_in_links')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('operator_id', 'integer', (column) =>
      column.notNull().references(operatorKey).onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .addColumn('used_at', 'text')
    .execute();
  await db.schema
    .createTable('sign_in_requests')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('kind', 'text', (column) => column.notNull())
    .addColumn('email_hash', 'text')
    .addColumn('ip', 'text', (column) => column.notNull())
    .addColumn('requested_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('sign_in_requests_at').on('sign_in_requests').column('requested_at').execute();
  await db.schema
    .createTable('webauthn_challenges')
    .addColumn('challenge', 'text', (column) => column.primaryKey())
    .addColumn('purpose', 'text', (column) => column.notNull())
    .addColumn('operator_id', 'integer', (column) => column.references(operatorKey).onDelete('cascade'))
    .addColumn('expires_at', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'text', (column) => column.primaryKey())
    .addColumn('operator_id', 'integer', (column) =>
      column.notNull().references(operatorKey).onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (column) => column.notNull())
    .addColumn('last_seen_at', 'text', (column) => column.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sessions_operator').on('sessions').column('operator_id').execute();
  await db.schema
    .createTable('audit_log')
    .$call(autoIncrementKey(db, 'seq'))
    .addColumn('operator_id', 'integer', (column) => column.references(operatorKey))
    .addColumn('via', 'text', (column) => column.notNull())
    .addColumn('action', 'text', (column) => column.notNull())
    .addColumn('target', 'text')
    .addColumn('at', 'text', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_log',
    'sessions',
    'webauthn_challenges',
    'sign_in_requests',
    'sign_in_links',
    'passkeys',
    'operators',
  ])
    await db.schema.dropTable(table).execute();
}
