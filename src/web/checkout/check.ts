import type { RecordedCheckout } from '../../shared/api-types';
import { selectedItems } from '../../shared/money';
import type { CheckoutInput } from '../../shared/schemas';
import { recordCheckout } from '../api';
import type { CheckoutItem } from './missing-counts';

/**
 * A new id for one fridge check (docs/decisions/031-one-fridge-check-one-record.md). crypto.randomUUID exists
 * only in secure contexts: a tablet that opens http://192.168.1.20:3000 has crypto.getRandomValues but no
 * randomUUID, so the same version-4 UUID is made from 16 random bytes.
 */
export function newCheckId(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext !== false) {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The body of one send of a check: what Share sends now, and what the offline outbox sends later. */
export type CheckBody = CheckoutInput & { checkId: string };

export function checkBody(bungalow: number, items: readonly CheckoutItem[], checkId: string): CheckBody {
  const k = stickerKeyOf(bungalow);
  return {
    bungalow,
    items: selectedItems(items).map((item) => ({ drinkId: item.id, missing: item.missing })),
    checkId,
    ...(k ? { k } : {}),
  };
}

/**
 * The bungalow's key when this page was opened through its QR sticker (`?bungalow=N&k=…`): sent with the
 * check, it tells the server the check came from the fridge, so no flood of strangers' checks can hold it up.
 */
function stickerKeyOf(bungalow: number): string | undefined {
  if (typeof location === 'undefined') return undefined;
  const params = new URLSearchParams(location.search);
  const k = params.get('k');
  return k && params.get('bungalow') === String(bungalow) ? k : undefined;
}

/** Sends one check: 201 for a new record, 200 for a repeat or a revision of the same record. */
export const sendCheck = (body: CheckBody): Promise<RecordedCheckout> => recordCheckout(body);
