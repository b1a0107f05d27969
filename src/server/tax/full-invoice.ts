import { sql, type Transaction } from 'kysely';
import { taxMessages } from '../../shared/tax';
import type { FullInvoiceCorrection, FullInvoiceRequest } from '../../shared/tax-schemas';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, notFound } from '../http/errors';
import {
  currentDocumentRow,
  documentUpdate,
  issueDocument,
  readTaxContext,
  replaceDocument,
} from './tax-documents';
import { datedAtOf } from './tax-months';

/**
 * The checkout's row, locked first, so two requests for one checkout take turns (SQLite: the write lock at
 * once; PostgreSQL: the row's). 404 when there is none.
 */
async function lockedCheckout(trx: Transaction<Database>, dialect: Db['dialect'], checkoutId: number) {
  if (dialect === 'sqlite') {
    await trx.updateTable('checkouts').set({ id: sql`id` }).where('id', '=', checkoutId).execute();
  }
  const checkout = await trx
    .selectFrom('checkouts')
    .select(['id', 'bungalow', 'total', 'voided_at'])
    .where('id', '=', checkoutId)
    .$if(dialect === 'postgres', (qb) => qb.forUpdate())
    .executeTakeFirst();
  if (!checkout) throw notFound('Checkout');
  return checkout;
}

/**
 * A full tax invoice (§86/4) for a checkout, in one transaction: numbered in the invoice prefix's own
 * sequence, replacing the checkout's abbreviated invoice (DESIGN.md, "Full tax invoices"). It also settles
 * the check: its counts no longer change.
 */
export async function issueFullInvoice(
  { kysely, dialect }: Db,
  checkoutId: number,
  request: FullInvoiceRequest,
  change: Change,
): Promise<void> {
  await kysely.transaction().execute(async (trx) => {
    const checkout = await lockedCheckout(trx, dialect, checkoutId);
    const { tax, timeZone } = await readTaxContext(trx);
    if (!tax) throw new HttpError(409, 'tax_off', taxMessages.taxOff);
    if (checkout.voided_at !== null) throw new HttpError(409, 'voided', taxMessages.voided);
    const current = await currentDocumentRow(trx, checkoutId);
    if (current?.type === 'full') throw new HttpError(409, 'already_invoiced', taxMessages.alreadyInvoiced);
    const standing = current?.status === 'issued' ? current : undefined;
    // A sale already documented: the full invoice replaces its abbreviated one, bearing its date and numbered
    // in its month's series, so that month lists both and its totals stay (Por. 86/2542; seventh stage).
    const full = await issueDocument(
      trx,
      {
        type: 'full',
        checkoutId,
        bungalow: checkout.bungalow,
        total: standing?.total ?? checkout.total,
        tax: standing ? { ...tax, vatRate: standing.vat_rate } : tax,
        timeZone,
        replaces: standing?.number ?? null,
        ...(standing ? { datedAt: datedAtOf(standing) } : {}),
        buyer: {
          name: request.buyerName,
          address: request.buyerAddress,
          taxId: request.buyerTaxId,
          branch: request.buyerBranch,
        },
      },
      change,
    );
    if (standing) await replaceDocument(trx, standing, full.number, checkout.bungalow, change);
  });
}

/**
 * A full invoice's buyer corrected the Revenue Department's way, in one transaction: the invoice is cancelled
 * with the reason and a new full invoice, with the next number, `replaces` it, for the same sale and the same
 * amounts (the VAT rate the cancelled one printed). The sale itself is not voided. 409 `not_invoiced` when the
 * checkout has no standing full invoice, `voided` when the sale was voided.
 */
export async function correctFullInvoice(
  { kysely, dialect }: Db,
  checkoutId: number,
  request: FullInvoiceCorrection,
  change: Change,
): Promise<void> {
  await kysely.transaction().execute(async (trx) => {
    const checkout = await lockedCheckout(trx, dialect, checkoutId);
    if (checkout.voided_at !== null) throw new HttpError(409, 'voided', taxMessages.voided);
    const current = await currentDocumentRow(trx, checkoutId);
    if (current?.type !== 'full' || current.status !== 'issued') {
      throw new HttpError(409, 'not_invoiced', taxMessages.notInvoiced);
    }
    const { tax, timeZone } = await readTaxContext(trx);
    if (!tax) throw new HttpError(409, 'tax_off', taxMessages.taxOff);
    const full = await issueDocument(
      trx,
      {
        type: 'full',
        checkoutId,
        bungalow: checkout.bungalow,
        total: current.total,
        tax: { ...tax, vatRate: current.vat_rate },
        timeZone,
        replaces: current.number,
        // The corrected invoice bears the cancelled one's date, in its month (Por. 86/2542).
        datedAt: datedAtOf(current),
        buyer: {
          name: request.buyerName,
          address: request.buyerAddress,
          taxId: request.buyerTaxId,
          branch: request.buyerBranch,
        },
      },
      change,
    );
    await documentUpdate(trx, current)
      .set({ status: 'cancelled', reason: request.reason, replaced_by: full.number })
      .execute();
    await appendAudit(trx, {
      ...change,
      action: 'document.cancelled',
      subject: subject('checkout', checkoutId),
      details: {
        bungalow: checkout.bungalow,
        number: current.number,
        type: current.type,
        reason: request.reason,
        replacedBy: full.number,
      },
    });
  });
}
