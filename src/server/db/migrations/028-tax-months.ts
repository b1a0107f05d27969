import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Months that stay filed (the seventh stage; DESIGN.md, docs/decisions/220): a tax document may bear the date of
 * the one it replaces (`dated_at`, Por. 86/2542; null: its own issue time), a credit or debit note names the
 * document it adjusts and the values before and after (`adjusts`, `before_total`, `after_total`, §86/9-86/10),
 * a lost original is reissued as a substitute (`substitutes`, how many so far); and a month marked filed keeps
 * its report as filed (`tax_months`), byte for byte: the JSON and the CSV as text, the workbooks in base64
 * (text on both databases, so a backup and a restore carry them as any other column).
 */
export function taxMonthsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table tax_documents add column dated_at text`.execute(db);
      await sql`alter table tax_documents add column adjusts text`.execute(db);
      await sql`alter table tax_documents add column before_total integer`.execute(db);
      await sql`alter table tax_documents add column after_total integer`.execute(db);
      await sql`alter table tax_documents add column substitutes integer not null default 0`.execute(db);
      // The notes of a document, found by the number they adjust (a month's report lists them after filing).
      await sql`create index tax_documents_adjusts on tax_documents (adjusts)`.execute(db);
      await sql`create table tax_months (
        month text primary key,
        filed_at text not null,
        filed_by text not null,
        sha256 text not null,
        report text not null,
        csv text not null,
        xlsx text not null,
        xlsx_daily text not null
      )`.execute(db);
    },
  };
}
