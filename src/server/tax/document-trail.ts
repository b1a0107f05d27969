import { numberIn, type TrailEvent, type TrailStep, textIn } from '../audit/trail-event';

/** A tax document as its events make it: what its `tax_documents` row must hold. */
export interface DocumentOnTrail {
  checkoutId: number | null;
  type: string | null;
  /** `issued`, `replaced` or `cancelled`. */
  status: string;
  total: number | null;
  vat: number | null;
  replaces: string | null;
  replacedBy: string | null;
}

/** The events that make and change a document (subject: its checkout; the number in the details). */
export const documentTrailActions = ['document.issued', 'document.replaced', 'document.cancelled'] as const;

/** The document an event is about: its number. */
export const documentNumberOf = (event: TrailEvent): string | null => textIn(event.details.number);

/**
 * What one event does to a document (tax-documents.ts and full-invoice.ts as the trail records them): issued
 * makes it, replaced and cancelled set its status (a buyer's correction names the invoice replacing it).
 */
export function applyDocumentEvent(
  row: DocumentOnTrail | undefined,
  event: TrailEvent,
): TrailStep<DocumentOnTrail> {
  const { details } = event;
  if (event.action === 'document.issued') {
    if (row) return { problem: `document.issued again (event ${event.seq}) for a number already issued` };
    return {
      row: {
        checkoutId: event.subjectId === null ? null : Number(event.subjectId),
        type: textIn(details.type),
        status: 'issued',
        total: numberIn(details.total),
        vat: numberIn(details.vat),
        replaces: textIn(details.replaces),
        replacedBy: null,
      },
    };
  }
  if (!row) return { problem: `${event.action} (event ${event.seq}) for a number no event issued` };
  const replacedBy = textIn(details.replacedBy) ?? row.replacedBy;
  if (event.action === 'document.replaced') return { row: { ...row, status: 'replaced', replacedBy } };
  if (event.action === 'document.cancelled') return { row: { ...row, status: 'cancelled', replacedBy } };
  return { row };
}
