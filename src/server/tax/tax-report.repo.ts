import type { Kysely, Transaction } from 'kysely';
import type { ReturnFigures, TaxReport, TaxReportRow } from '../../shared/tax';
import type { Database } from '../db/tables';
import { buyerOf, ofMonth, sellerOf, type TaxDocumentRow } from './tax-documents';
import { counts } from './tax-export';
import { monthState } from './tax-months';

type Reader = Kysely<Database> | Transaction<Database>;

/** Abbreviated invoices, then full ones, then the month's credit notes and debit notes (each in number order). */
const typeOrder: Record<string, number> = { abb: 0, full: 1, cn: 2, dn: 3 };

const isNote = (row: Pick<TaxReportRow, 'type'>) => row.type === 'cn' || row.type === 'dn';

export function reportRowOf(row: TaxDocumentRow & { bungalow: number }): TaxReportRow {
  return {
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
    datedAt: row.dated_at ?? row.issued_at,
    adjusts: row.adjusts,
    before: row.before_total === null ? null : row.before_total * 100,
    after: row.after_total === null ? null : row.after_total * 100,
  };
}

/** What a row adds to the month's figures: an invoice still issued and a debit note add, a credit note takes away. */
export const signOf = (row: TaxReportRow): number => (!counts(row) ? 0 : row.type === 'cn' ? -1 : 1);

function totalsOf(documents: TaxReportRow[]): Pick<TaxReport, 'totals' | 'returnFigures'> {
  const totals = { count: 0, total: 0, vat: 0, net: 0 };
  const creditNotes = { count: 0, net: 0, vat: 0 };
  const debitNotes = { count: 0, net: 0, vat: 0 };
  for (const document of documents) {
    const sign = signOf(document);
    if (sign === 0) continue;
    totals.count += 1;
    totals.total += sign * document.total;
    totals.vat += sign * document.vat;
    totals.net += sign * document.net;
    const notes = document.type === 'cn' ? creditNotes : document.type === 'dn' ? debitNotes : null;
    if (notes) {
      notes.count += 1;
      notes.net += document.net;
      notes.vat += document.vat;
    }
  }
  const returnFigures: ReturnFigures = { sales: totals.net, outputTax: totals.vat, creditNotes, debitNotes };
  return { totals, returnFigures };
}

/**
 * The output-tax report (รายงานภาษีขาย) of a month: every number issued in it (abbreviated invoices, full ones,
 * then its credit and debit notes, each in the order issued; a replacement dated back into the month is among
 * them, in its series), the totals over the documents that count, netting the notes (DESIGN.md, "Months that
 * stay filed"); for a filed month, what touched it since the filing, apart.
 */
export function createTaxReportRepo({ kysely }: { kysely: Reader }) {
  return {
    async month(month: string, { now, timeZone }: { now: number; timeZone: string }): Promise<TaxReport> {
      const rows = await kysely
        .selectFrom('tax_documents as d')
        .innerJoin('checkouts as c', 'c.id', 'd.checkout_id')
        .selectAll('d')
        .select('c.bungalow')
        .where(await ofMonth(kysely, month, 'd'))
        .orderBy('d.id')
        .execute();
      rows.sort((a, b) => (typeOrder[a.type] ?? 9) - (typeOrder[b.type] ?? 9));
      const documents = rows.map(reportRowOf);
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
      const state = await monthState(kysely, month, now, timeZone);
      const afterFiling = state.filedAt ? await touchedSince(kysely, documents, state.filedAt) : [];
      return {
        month,
        documents,
        sellers,
        ...totalsOf(documents),
        state: state.state,
        filedAt: state.filedAt,
        afterFiling,
      };
    },
  };
}

/**
 * What touched a filed month after `filedAt`: its documents issued since (a replacement dated back into it),
 * those cancelled or replaced since (by a document issued since), and the notes issued since that adjust one.
 */
async function touchedSince(db: Reader, documents: TaxReportRow[], filedAt: string): Promise<TaxReportRow[]> {
  const issuedAt = new Map(documents.map((row) => [row.number, row.issuedAt]));
  const since = (number: string | null) => number !== null && (issuedAt.get(number) ?? '') > filedAt;
  const touched = documents.filter(
    (row) => row.issuedAt > filedAt || (!isNote(row) && since(row.replacedBy)),
  );
  const notes = await db
    .selectFrom('tax_documents as d')
    .innerJoin('checkouts as c', 'c.id', 'd.checkout_id')
    .selectAll('d')
    .select('c.bungalow')
    .where('d.adjusts', 'is not', null)
    .where('d.issued_at', '>', filedAt)
    .orderBy('d.id')
    .execute();
  const numbers = new Set(documents.map((row) => row.number));
  const listed = new Set(touched.map((row) => row.number));
  for (const note of notes) {
    if (note.adjusts && numbers.has(note.adjusts) && !listed.has(note.number))
      touched.push(reportRowOf(note));
  }
  return touched;
}
