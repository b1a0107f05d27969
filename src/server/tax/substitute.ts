import type { TaxSubstitute } from '../../shared/tax';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import { notFound } from '../http/errors';
import { staffTextToken } from '../privacy/staff-texts';
import { documentUpdate } from './tax-documents';

/** What `POST /api/tax/documents/:number/substitute` answers. */
export type Substitute = TaxSubstitute;

/**
 * A substitute (ใบแทน) for a lost original (DESIGN.md, "Months that stay filed"): not a new document and no
 * new number, a copy of the original counted (the receipt prints "ใบแทนออกให้ครั้งที่ {n}", its date and the
 * reason); audited `document.substituted`, the reason kept beside the chain as staff's other texts are.
 */
export async function issueSubstitute(
  { kysely }: Db,
  number: string,
  reason: string,
  change: Change,
): Promise<Substitute> {
  return kysely.transaction().execute(async (trx) => {
    const document = await trx
      .selectFrom('tax_documents as d')
      .innerJoin('checkouts as c', 'c.id', 'd.checkout_id')
      .select(['d.id', 'd.checkout_id', 'd.substitutes', 'c.bungalow'])
      .where('d.number', '=', number)
      .executeTakeFirst();
    if (!document) throw notFound('Tax document');
    const time = Number(document.substitutes) + 1;
    // Conditional on the count read, so two at once take 1 and 2, never both 1.
    const updated = await documentUpdate(trx, document)
      .set({ substitutes: time })
      .where('substitutes', '=', time - 1)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new Error('The substitute count moved: try again');
    await appendAudit(trx, {
      ...change,
      action: 'document.substituted',
      subject: subject('checkout', document.checkout_id),
      details: { bungalow: document.bungalow, number, reason: await staffTextToken(trx, reason), time },
    });
    return { number, checkoutId: document.checkout_id, time, reason, issuedAt: change.at };
  });
}
