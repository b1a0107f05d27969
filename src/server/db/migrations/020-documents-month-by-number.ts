import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * SQLite: the tax documents' index by month goes; a month's documents are found through their number's
 * unique index instead (`ofMonth`, src/server/tax/tax-documents.ts). A number is `{prefix}{YYMM}-{NNNNN}`, so
 * the month's documents are one range of that index per prefix the month used, and `tax_sequences` lists
 * those prefixes. Every checkout with tax on wrote an entry into the month's index and one more page at each
 * commit, for a query that runs when the month's report or a day's close is read (docs/decisions/110).
 *
 * PostgreSQL keeps it: its text comparisons follow the database's collation, where a range of text need not
 * hold every string that starts the same way.
 */
export function documentsMonthByNumberMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'sqlite') await sql`drop index tax_documents_month_idx`.execute(db);
    },
  };
}
