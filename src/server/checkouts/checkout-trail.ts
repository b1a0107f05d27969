import type { CheckoutLine } from '../../shared/api-types';
import { numberIn, objectIn, type TrailEvent, type TrailStep, textIn } from '../audit/trail-event';

/** A checkout as its events make it: what `checkouts` and `checkout_lines` must hold. */
export interface CheckoutOnTrail {
  bungalow: number | null;
  createdAt: string;
  /** The lines as text (`linesText`): compared and shown, never parsed again. */
  lines: string;
  total: number | null;
  paidMethod: string | null;
  voidedAt: string | null;
}

/** The events that make and change a checkout's row (subject `checkout`). */
export const checkoutTrailActions = [
  'checkout.recorded',
  'checkout.revised',
  'checkout.voided',
  'payment.recorded',
  'payment.undone',
] as const;

/**
 * Lines in one comparable text, by drink: "2 × Coke (#1) at 40 = 80". The events keep the order of the send, the
 * table the order of the insert: the drink orders both.
 */
export function linesText(lines: readonly Pick<CheckoutLine, keyof CheckoutLine>[]): string {
  return [...lines]
    .sort((a, b) => a.drinkId - b.drinkId)
    .map(
      (line) =>
        `${line.quantity} × ${line.drinkName} (#${line.drinkId}) at ${line.unitPrice} = ${line.lineTotal}`,
    )
    .join('; ');
}

const linesIn = (value: unknown): string => (Array.isArray(value) ? linesText(value as CheckoutLine[]) : '');

/**
 * What one event does to a checkout's row (the rules of checkouts.repo.ts, payments.repo.ts and history.repo.ts
 * as the trail records them): recorded makes it, revised replaces its lines and total, voided stamps the void,
 * a payment sets or clears the method.
 */
export function applyCheckoutEvent(
  row: CheckoutOnTrail | undefined,
  event: TrailEvent,
): TrailStep<CheckoutOnTrail> {
  const { details } = event;
  if (event.action === 'checkout.recorded') {
    if (row)
      return { problem: `checkout.recorded again (event ${event.seq}) for a checkout already recorded` };
    return {
      row: {
        bungalow: numberIn(details.bungalow),
        createdAt: event.at,
        lines: linesIn(details.lines),
        total: numberIn(details.total),
        paidMethod: null,
        voidedAt: null,
      },
    };
  }
  if (!row) return { problem: `${event.action} (event ${event.seq}) for a checkout no event recorded` };
  switch (event.action) {
    case 'checkout.revised': {
      const after = objectIn(details.after);
      return { row: { ...row, lines: linesIn(after.lines), total: numberIn(after.total) } };
    }
    case 'checkout.voided':
      return { row: { ...row, voidedAt: event.at } };
    case 'payment.recorded':
    case 'payment.undone':
      return { row: { ...row, paidMethod: textIn(objectIn(details.after).method) } };
    default:
      return { row };
  }
}
