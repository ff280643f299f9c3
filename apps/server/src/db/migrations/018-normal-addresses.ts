import { normalEmail } from '@site/api-contract';
import { type Kysely, sql } from 'kysely';

/** Every stored address: its table, its column, and whether it is unique there. */
const addressColumns = [
  { table: 'messages', column: 'email', unique: false },
  { table: 'inbound_mails', column: 'from_address', unique: false },
  { table: 'suppressions', column: 'email', unique: true },
  { table: 'marketing_consents', column: 'email', unique: true },
  { table: 'operators', column: 'email', unique: true },
] as const;

/**
 * Addresses in one normal form (normalEmail): the forms stored them as typed, the mail import in lower
 * case with the domain in Unicode; both now as `normalEmail` gives them (punycode domain, no needless
 * quotes, lower case), which privacy requests look up. In a unique column an address whose normal form
 * is there already stays as it was (none can be: those were always checked as the forms check).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const { table, column, unique } of addressColumns) {
    const { rows } = await sql<{
      address: string;
    }>`select distinct ${sql.ref(column)} as address from ${sql.table(table)}`.execute(db);
    for (const { address } of rows) {
      const normal = normalEmail(address);
      if (normal === address) continue;
      const taken = unique
        ? sql` and not exists (select 1 from ${sql.table(table)} where ${sql.ref(column)} = ${normal})`
        : sql``;
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${normal} where ${sql.ref(column)} = ${address}${taken}`.execute(
        db,
      );
    }
  }
}

/** Nothing to undo: the earlier forms are not kept, and the normal ones serve the earlier code as well. */
export async function down(): Promise<void> {
  // The addresses stay in their normal form.
}
