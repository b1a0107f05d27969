import { type Kysely, type Migration, sql } from 'kysely';

/**
 * Books an accountant files (the sixth stage; DESIGN.md): a tax document keeps the seller block it printed
 * (`seller`, JSON of `TaxSeller`), so a copy, the report and the exports read what was issued rather than
 * today's settings; and a full invoice's buyer block may be held past the law's period (`held_until`).
 *
 * Documents issued before this migration get the best block known: the seller in today's settings with the VAT
 * rate each document stored. With tax off (no seller in the settings) they keep null, and a copy falls back to
 * the settings as before.
 */
export function taxDocumentsAsIssuedMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`alter table tax_documents add column seller text`.execute(db);
      await sql`alter table tax_documents add column held_until text`.execute(db);
      const { rows } = await sql<{ value: string | null }>`
        select value from settings where key = 'resort'`.execute(db);
      const tax = parseTax(rows[0]?.value);
      if (!tax) return;
      const rates = await sql<{ vat_rate: number }>`
        select distinct vat_rate from tax_documents`.execute(db);
      for (const { vat_rate } of rates.rows) {
        const seller = JSON.stringify({
          sellerName: tax.sellerName,
          address: tax.address,
          taxId: tax.taxId,
          branch: tax.branch,
          posId: tax.posId ?? null,
          vatRate: Number(vat_rate),
        });
        await sql`update tax_documents set seller = ${seller} where vat_rate = ${vat_rate}`.execute(db);
      }
    },
  };
}

interface StoredTax {
  sellerName: string;
  address: string;
  taxId: string;
  branch: string;
  posId?: string | null;
}

function parseTax(json: string | null | undefined): StoredTax | null {
  if (!json) return null;
  try {
    const tax = (JSON.parse(json) as { tax?: StoredTax | null }).tax;
    return tax && typeof tax.sellerName === 'string' ? tax : null;
  } catch {
    return null;
  }
}
