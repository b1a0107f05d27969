import { z } from 'zod';
import { limits } from './constants';
import { drinkSections } from './drink-sections';

/** One schema per input, used by the server's validators and the admin forms alike. */

/**
 * A required, trimmed, bounded text field. PostgreSQL text cannot hold U+0000; refusing it here keeps both
 * databases alike (422, not a 500).
 */
export function requiredText(label: string, max: number, requiredMessage = `${label} is required`) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} cannot contain a NUL character`);
}

/** One of the checkout's section titles, or null for the spec's rule (the name decides). */
export const drinkSectionSchema = z
  .enum(
    drinkSections.map((section) => section.title),
    { error: `Section must be one of ${drinkSections.map((section) => section.title).join(', ')}, or null` },
  )
  .nullable();

/** `packSize` of POST and PUT /api/drinks: units in a case (stock shows and takes cases), or null. */
export const packSizeSchema = z
  .number({ error: 'Pack size must be a number or null' })
  .int('Pack size must be a whole number')
  .min(limits.packSizeMin, `Pack size must be at least ${limits.packSizeMin}`)
  .max(limits.packSizeMax, `Pack size must be at most ${limits.packSizeMax}`)
  .nullable();

export const drinkInputSchema = z.strictObject({
  drinkName: requiredText('Drink name', limits.drinkNameMax),
  /** Absent: null for a new drink, unchanged on an update (the spec's clients send only the three fields). */
  section: drinkSectionSchema.optional(),
  startingQuantity: z
    .number({ error: 'Starting quantity must be a number' })
    .int('Starting quantity must be a whole number')
    .min(limits.startingQuantityMin, `Starting quantity must be at least ${limits.startingQuantityMin}`)
    .max(limits.startingQuantityMax, `Starting quantity must be at most ${limits.startingQuantityMax}`),
  price: z
    .number({ error: 'Price must be a number' })
    .int('Price must be whole baht')
    .min(limits.priceMin, `Price must be at least ${limits.priceMin} THB`)
    .max(limits.priceMax, `Price must be at most ${limits.priceMax} THB`),
  /** Absent: null for a new drink, unchanged on an update (as `section`). */
  packSize: packSizeSchema.optional(),
});
export type DrinkInput = z.infer<typeof drinkInputSchema>;

/** `PUT /api/drinks/order`: the drinks of one section, in their new order at checkout. */
export const drinkOrderInputSchema = z.strictObject({
  ids: z
    .array(
      z
        .number({ error: 'Each id must be a number' })
        .int('Each id must be a whole number')
        .positive('Each id must be positive')
        .max(limits.idMax, 'No drink has this id'),
      { error: 'ids must be a list of drink ids' },
    )
    .min(1, 'List at least one drink')
    .max(limits.checkoutItemsMax, `List at most ${limits.checkoutItemsMax} drinks`)
    .refine((ids) => new Set(ids).size === ids.length, 'Each drink may appear only once'),
});
export type DrinkOrderInput = z.infer<typeof drinkOrderInputSchema>;

export const guestInputSchema = z.strictObject({
  name: requiredText('Guest name', limits.guestNameMax),
  email: z
    .string({ error: 'Guest email is required' })
    .trim()
    .min(1, 'Guest email is required')
    .max(limits.emailMax, `Guest email must be at most ${limits.emailMax} characters`)
    .pipe(z.email('Enter a valid email address')),
});
export type GuestInput = z.infer<typeof guestInputSchema>;

export const bungalowSchema = z
  .number({ error: 'Bungalow must be a number' })
  .int('Bungalow must be a whole number')
  .min(limits.bungalowMin, `Bungalow must be at least ${limits.bungalowMin}`)
  .max(limits.bungalowMax, `Bungalow must be at most ${limits.bungalowMax}`);

export const checkoutInputSchema = z.strictObject({
  bungalow: bungalowSchema,
  items: z
    .array(
      z.strictObject({
        drinkId: z
          .number()
          .int()
          .positive('Drink id must be a positive whole number')
          .max(limits.idMax, 'No drink has this id'),
        missing: z
          .number()
          .int('Missing count must be a whole number')
          .min(0, 'Missing count cannot be negative')
          .max(limits.startingQuantityMax),
      }),
    )
    .max(limits.checkoutItemsMax)
    .refine((items) => new Set(items.map((item) => item.drinkId)).size === items.length, {
      message: 'Each drink may appear only once',
    }),
  /**
   * The page's id of one fridge check, made when the check starts and sent with every Share: a repeat is
   * answered with the same record, changed counts revise it (docs/decisions/031-one-fridge-check-one-record.md).
   */
  checkId: z.uuid('checkId must be a UUID').optional(),
  /**
   * The bungalow's key from its QR sticker's link (`?bungalow=N&k=…`): a check carrying the right one is never
   * held by the public limits (DESIGN.md, "Abuse resistance"). A wrong one only makes the check unverified.
   */
  k: z.string().max(64).optional(),
});
export type CheckoutInput = z.infer<typeof checkoutInputSchema>;

export const loginInputSchema = z.strictObject({
  password: z
    .string({ error: 'Password is required' })
    .min(1, 'Password is required')
    .max(limits.passwordMax),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const idParamSchema = z.strictObject({
  id: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/, 'Id must be a positive whole number')
    .transform(Number)
    // Past PostgreSQL's integer range the query itself would fail: such an id names no row.
    .refine((id) => id <= limits.idMax, 'No row has this id'),
});
