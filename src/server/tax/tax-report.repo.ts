import type { TaxReport, TaxReportRow } from '../../shared/tax';
import type { Db } from '../db/database';
import { buyerOf, ofMonth, sellerOf } from './tax-documents';

/**
 * The output-tax report (รายงานภาษีขาย) of a month: every number issued in it, abbreviated invoices then full
 * ones, each in the order issued (a sequence's numbers are taken in turn, so that is their order); the totals
 * count only the documents still issued (a replaced or cancelled one is listed, and counts nothing).
 */
export function createTaxReportRepo({ kysely }: Db) {
  return {
    async month(month: string): Promise<TaxReport> {
      const rows = await kysely
        .selectFrom('tax_documents as d')
        .innerJoin('checkouts as c', 'c.id', 'd.checkout_id')
        .selectAll('d')
        .select('c.bungalow')
        .where(await ofMonth(kysely, month, 'd'))
        .orderBy('d.type')
        .orderBy('d.id')
        .execute();
      const documents: TaxReportRow[] = rows.map((row) => ({
        number: row.number,
        type: row.type as TaxReportRow['type'],
        status: row.status as TaxReportRow['status'],
        issuedAt: row.issued_at,
        checkoutId: row.checkout_id,
        bungalow: row.bungalow,
        buyer: buyerOf(row),
        total: row.total * 100,
        vat: row.vat,
        net: row.net,
        replaces: row.replaces,
        replacedBy: row.replaced_by,
        reason: row.reason,
        seller: sellerOf(row.seller),
      }));
      // The header: each seller block the month's documents printed, in number order, where it changed.
      const sellers: TaxReport['sellers'] = [];
      const sellerTexts: (string | null)[] = [];
      for (const [index, row] of rows.entries()) {
        const document = documents[index];
        if (!document?.seller) continue;
        const at = sellerTexts.indexOf(row.seller);
        const block = sellers[at];
        if (block) block.lastNumber = document.number;
        else {
          sellerTexts.push(row.seller);
          sellers.push({
            seller: document.seller,
            firstNumber: document.number,
            lastNumber: document.number,
          });
        }
      }
      const totals = { count: 0, total: 0, vat: 0, net: 0 };
      for (const document of documents) {
        if (document.status !== 'issued') continue;
        totals.count += 1;
        totals.total += document.total;
        totals.vat += document.vat;
        totals.net += document.net;
      }
      return { month, documents, sellers, totals };
    },
  };
}
