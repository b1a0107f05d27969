/** Payments (DESIGN.md "Resort operations"): the ways a checkout is settled and the texts about paying. */

export const paymentMethods = ['cash', 'promptpay', 'card', 'room'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * The call on the QR stickers, in English and Thai side by side whatever language staff print in: the sticker
 * stays on the fridge for guests from everywhere.
 */
export const stickerCall = { en: 'Scan to check your fridge', th: 'สแกนเพื่อเช็กตู้เย็นของคุณ' } as const;
