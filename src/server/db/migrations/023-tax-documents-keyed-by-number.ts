import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * PostgreSQL: the tax documents' primary key on `id` goes; a document is found by its number (unique, migration
 * 021's index, which also serves as the table's replica identity) or by its checkout. Every checkout with tax
 * on inserted an entry into the key's index inside the statement that holds the month's counter until the
 * COMMIT, which every other checkout waits for (docs/decisions/112). `id` stays, numbered as before: it orders a
 * checkout's documents (`tax_documents_checkout_idx`). SQLite's `id` is the row's own key and costs nothing.
 */
export function taxDocumentsKeyedByNumberMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`alter table tax_documents drop constraint tax_documents_pkey`.execute(db);
      await sql`alter table tax_documents replica identity using index tax_documents_number_idx`.execute(db);
    },
  };
}
