import { z } from 'zod';
import { limits } from './constants';
import { paymentMethods } from './payment-constants';
import { bungalowSchema, requiredText } from './schemas';
import { staffLimits } from './staff-constants';
import { approvalSchema } from './team-schemas';

/** Inputs of the staff tools (history, voiding, restock, consumption, export), for server and admin forms. */

/** A calendar day (in the resort's time zone) as the API takes and gives it, e.g. 2026-01-31. */
export const dayStringSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-01-31')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00.000Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
  }, 'Not a real calendar date');

/** Query strings arrive as text: a whole number written in digits, then range-checked. */
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`),
    );

/** The filters' and the export's one cross-field rule; exported so a form can tell it from a bad date. */
export const startAfterEndMessage = 'The start date must not be after the end date';

// zod takes these params over (it rewrites `message` as `error`): read the text from the constant above.
const fromNotAfterTo = {
  message: startAfterEndMessage,
  path: ['to'],
};

export const historyQuerySchema = z
  .strictObject({
    page: wholeNumber('Page', 1, staffLimits.pageMax).default(1),
    pageSize: wholeNumber('Page size', 1, staffLimits.pageSizeMax).default(staffLimits.pageSizeDefault),
    bungalow: wholeNumber('Bungalow', limits.bungalowMin, limits.bungalowMax).optional(),
    from: dayStringSchema.optional(),
    to: dayStringSchema.optional(),
    /** Part of the charged guest's name, any case. */
    guest: z
      .string()
      .trim()
      .max(limits.guestNameMax, `Guest must be at most ${limits.guestNameMax} characters`)
      .refine((value) => !value.includes('\u0000'), 'Guest cannot contain a NUL character')
      .transform((guest) => (guest ? guest : undefined))
      .optional(),
    /** The checkouts charged to one stay. */
    stay: wholeNumber('Stay', 1, limits.idMax).optional(),
    /** One checkout by its number (the Activity page links each checkout event to it). */
    checkout: wholeNumber('Checkout', 1, limits.idMax).optional(),
    /** `false`: only checkouts still owed (unpaid and not voided); `true`: only paid ones. */
    paid: z
      .enum(['true', 'false'], { error: 'Paid must be true or false' })
      .transform((value) => value === 'true')
      .optional(),
    /** Abuse resistance (fifth stage): `true`, only the checks from unknown senders. */
    unverified: z
      .enum(['true'], { error: 'Unverified can only be true' })
      .transform(() => true)
      .optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, fromNotAfterTo);
export type HistoryQuery = z.infer<typeof historyQuerySchema>;

export const exportQuerySchema = z
  .strictObject({
    from: dayStringSchema,
    to: dayStringSchema,
    bungalow: wholeNumber('Bungalow', limits.bungalowMin, limits.bungalowMax).optional(),
  })
  .refine((q) => q.from <= q.to, fromNotAfterTo);
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/** Where a void's bottles are (stock on): back in the fridge (the count was wrong), or gone without charge. */
export const voidBottles = ['in-fridge', 'written-off'] as const;
export type VoidBottles = (typeof voidBottles)[number];

export const voidInputSchema = z.strictObject({
  reason: requiredText('The reason', staffLimits.voidReasonMax, 'A reason is required to void a checkout'),
  /** A front desk's void: the manager who approves it, picked by name, with their PIN on the same device. */
  approval: approvalSchema.optional(),
  /** With stock on: `in-fridge` (the default) moves the bottles back; `written-off` writes them off as complimentary. */
  bottles: z
    .enum(voidBottles, { error: `Bottles must be ${voidBottles.map((b) => `"${b}"`).join(' or ')}` })
    .optional(),
});
export type VoidInput = z.infer<typeof voidInputSchema>;

/** Abuse resistance (fifth stage): void every standing unverified check at once, or those of one bungalow. */
export const voidUnverifiedInputSchema = voidInputSchema.extend({
  bungalow: bungalowSchema.optional(),
});
export type VoidUnverifiedInput = z.infer<typeof voidUnverifiedInputSchema>;

/** Marks a checkout paid by a method, or `null` to undo the payment. */
export const paymentInputSchema = z.strictObject({
  method: z
    .enum(paymentMethods, { error: `Method must be one of ${paymentMethods.join(', ')}, or null to undo` })
    .nullable(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;

export const bungalowParamSchema = z.strictObject({
  bungalow: z
    .string()
    .regex(/^[1-9][0-9]{0,3}$/)
    .transform(Number)
    .pipe(z.number().min(limits.bungalowMin).max(limits.bungalowMax)),
});

export const consumptionQuerySchema = z.strictObject({
  days: z
    .enum(['7', '30'], { error: 'Days must be 7 or 30' })
    .default('7')
    .transform((value) => Number(value) as 7 | 30),
});
export type ConsumptionQuery = z.infer<typeof consumptionQuerySchema>;

/**
 * POST /api/stickers/rotate (sixth stage): `{bungalow}` rotates that bungalow's sticker key, `{}` every key;
 * an old key then counts as no key.
 */
export const stickerRotateSchema = z.strictObject({
  bungalow: bungalowSchema.optional(),
});
export type StickerRotateInput = z.infer<typeof stickerRotateSchema>;
