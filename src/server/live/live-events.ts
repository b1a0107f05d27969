import type { CheckRequestOutcome, LiveAction, LiveEvent } from '../../shared/live-types';
import { bungalowOf } from '../../shared/stock-types';

interface AuditRow {
  seq: number;
  at: string;
  action: string;
  subject_id: string | null;
  details: string;
}

type Details = Record<string, unknown>;

const numberOr = (value: unknown): number | undefined => (typeof value === 'number' ? value : undefined);
const objectOr = (value: unknown): Details =>
  value !== null && typeof value === 'object' ? (value as Details) : {};

/**
 * The stream's view of an audit event: its subject's id and its figures (bungalow, total, payment method,
 * outcome), picked field by field so that nothing else of the details (a stay's guest name, a void's reason,
 * drink lines) can leave through the stream. Null for an action the stream does not carry.
 */
export function liveEventOf(row: AuditRow): LiveEvent | null {
  const details = JSON.parse(row.details) as Details;
  const id = row.subject_id === null ? undefined : Number(row.subject_id);
  const base = {
    seq: Number(row.seq),
    at: row.at,
    action: row.action as LiveAction,
    bungalow: numberOr(details.bungalow) ?? null,
  };
  switch (row.action) {
    case 'checkout.recorded':
    case 'checkout.voided':
      return {
        ...base,
        checkoutId: id,
        total: numberOr(details.total),
        ...(row.action === 'checkout.recorded' && details.unverified === true ? { unverified: true } : {}),
      } as LiveEvent;
    case 'checkout.revised':
      return { ...base, checkoutId: id, total: numberOr(objectOr(details.after).total) } as LiveEvent;
    case 'payment.recorded':
    case 'payment.undone': {
      const method = objectOr(details.after).method;
      return {
        ...base,
        checkoutId: id,
        total: numberOr(details.total),
        method: typeof method === 'string' ? method : null,
      } as LiveEvent;
    }
    case 'stay.opened':
    case 'stay.changed':
    case 'stay.closed':
      return { ...base, stayId: id } as LiveEvent;
    case 'request.opened':
      return { ...base, requestId: id } as LiveEvent;
    case 'request.done': {
      const checkoutId = numberOr(details.checkoutId);
      const total = numberOr(details.total);
      return {
        ...base,
        requestId: id,
        outcome: details.outcome as CheckRequestOutcome,
        ...(checkoutId !== undefined ? { checkoutId } : {}),
        ...(total !== undefined ? { total } : {}),
      } as LiveEvent;
    }
    case 'restock.done':
      return { ...base, bungalow: id ?? null };
    // Stock: which fridge (a count or a write-off there), never a cost, a note or a line.
    case 'stock.counted':
    case 'stock.written_off': {
      const place = details.place;
      return { ...base, bungalow: typeof place === 'string' ? bungalowOf(place) : null };
    }
    case 'stock.started':
    case 'stock.received':
    case 'pars.changed':
      return base;
    // The PMS: which checkout, never the PMS's reason (it may name the guest).
    case 'pms.posted':
    case 'pms.post_failed':
    case 'pms.post_again':
    case 'pms.settled_outside':
      return { ...base, checkoutId: id } as LiveEvent;
    default:
      return null;
  }
}
