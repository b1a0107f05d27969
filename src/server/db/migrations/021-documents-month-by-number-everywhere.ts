import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * PostgreSQL, as migration 020 did for SQLite: the tax documents' index by month goes, and their number's
 * unique index compares bytes (`collate "C"`), so that a prefix's numbers of a month are one range of it
 * whatever the database's collation (`ofMonth`, src/server/tax/tax-documents.ts). Two texts are equal under
 * "C" exactly when they are equal under any deterministic collation, so the numbers stay unique as before.
 * A checkout with tax on wrote an entry into the month's index too, inside the statement that holds the
 * month's counter until the COMMIT, which every other checkout waits for (docs/decisions/110).
 */
export function documentsMonthByNumberEverywhereMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect !== 'postgres') return;
      await sql`create unique index tax_documents_number_idx on tax_documents (number collate "C")`.execute(
        db,
      );
      await sql`alter table tax_documents drop constraint tax_documents_number_key`.execute(db);
      await sql`drop index tax_documents_month_idx`.execute(db);
    },
  };
}
