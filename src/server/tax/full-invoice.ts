import { sql } from 'kysely';
import { taxMessages } from '../../shared/tax';
import type { FullInvoiceRequest } from '../../shared/tax-schemas';
import type { Change } from '../audit/audit-log';
import type { Db } from '../db/database';
import { HttpError, notFound } from '../http/errors';
import { currentDocumentRow, issueDocument, readTaxContext, replaceDocument } from './tax-documents';

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
    // The checkout's row first, so two requests for one checkout take turns (SQLite: the write lock at once).
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
    const { tax, timeZone } = await readTaxContext(trx);
    if (!tax) throw new HttpError(409, 'tax_off', taxMessages.taxOff);
    if (checkout.voided_at !== null) throw new HttpError(409, 'voided', taxMessages.voided);
    const current = await currentDocumentRow(trx, checkoutId);
    if (current?.type === 'full') throw new HttpError(409, 'already_invoiced', taxMessages.alreadyInvoiced);
    const standing = current?.status === 'issued' ? current : undefined;
    const full = await issueDocument(
      trx,
      {
        type: 'full',
        checkoutId,
        bungalow: checkout.bungalow,
        total: checkout.total,
        tax,
        timeZone,
        replaces: standing?.number ?? null,
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
