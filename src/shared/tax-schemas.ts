import { z } from 'zod';
import { taxIdCheckDigitOk, taxLimits } from './tax';

/** Inputs of the tax documents (DESIGN.md, "Books the law accepts"): the settings' `tax` and a full invoice. */

const requiredText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .min(1, `Enter the ${label.toLowerCase()}`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} cannot contain a NUL character`);

/** 13 digits with the Revenue Department's check digit (mod 11, weights 13..2); spaces and dashes dropped. */
export const taxIdSchema = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .transform((value) => value.replace(/[\s-]/g, ''))
    .refine((digits) => /^\d{13}$/.test(digits), `${label} has 13 digits`)
    .refine(
      (digits) => !/^\d{13}$/.test(digits) || taxIdCheckDigitOk(digits),
      `${label} has a wrong check digit: check the 13 digits`,
    );

const branchSchema = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .regex(/^\d{5}$/, `${label} is 5 digits: ${taxLimits.headOffice} for the head office`);

const prefixSchema = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(taxLimits.prefixMax, `${label} must be at most ${taxLimits.prefixMax} characters`)
    .regex(/^[A-Z0-9-]*$/, `${label} may hold only A-Z, 0-9 and "-"`);

export const taxSettingsSchema = z.strictObject({
  sellerName: requiredText('Seller name', taxLimits.sellerNameMax),
  taxId: taxIdSchema('Tax ID'),
  branch: branchSchema('Branch'),
  address: requiredText('Address', taxLimits.addressMax),
  posId: z
    .union([z.string(), z.null()], { error: 'POS number must be text, or null' })
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text.length > taxLimits.posIdMax) {
        ctx.addIssue({
          code: 'custom',
          message: `POS number must be at most ${taxLimits.posIdMax} characters`,
        });
        return z.NEVER;
      }
      if (text.includes('\u0000')) {
        ctx.addIssue({ code: 'custom', message: 'POS number cannot contain a NUL character' });
        return z.NEVER;
      }
      return text === '' ? null : text;
    })
    .default(null),
  vatRate: z
    .number({ error: 'VAT rate must be a number of basis points (700 is 7%)' })
    .int('VAT rate must be whole basis points (700 is 7%)')
    .min(0, 'VAT rate cannot be below 0')
    .max(taxLimits.vatRateMax, `VAT rate must be at most ${taxLimits.vatRateMax} basis points`)
    .default(taxLimits.vatRateDefault),
  abbPrefix: prefixSchema('Abbreviated invoice prefix').default(taxLimits.abbPrefixDefault),
  invoicePrefix: prefixSchema('Tax invoice prefix').default(taxLimits.invoicePrefixDefault),
});
export type TaxSettingsInput = z.input<typeof taxSettingsSchema>;

/** `tax` in `PUT /api/settings`: null turns tax documents off. `.nullable()` keeps the field's own message. */
export const taxSettingsFieldSchema = taxSettingsSchema.nullable();

/**
 * `POST /api/checkouts/:id/tax-invoice`: the buyer a full tax invoice names. Seventh stage: any buyer can have
 * one (§86/4 names the buyer; a Thai tax ID only where the buyer has one): the tax ID is optional unless the
 * buyer says it is VAT-registered, and a buyer without one (a person, a foreign company) has no branch.
 */
const buyerShape = {
  buyerName: requiredText('Buyer name', taxLimits.buyerNameMax),
  buyerAddress: requiredText('Buyer address', taxLimits.addressMax),
  buyerTaxId: z.union([z.literal(''), taxIdSchema('Buyer tax ID')]).optional(),
  buyerBranch: z.union([z.literal(''), branchSchema('Buyer branch')]).optional(),
  /** The buyer is registered for VAT in Thailand: its tax ID and branch are then required. */
  buyerVatRegistered: z.boolean({ error: 'Buyer VAT-registered is true or false' }).optional(),
};

type BuyerInput = { buyerTaxId?: string; buyerBranch?: string; buyerVatRegistered?: boolean };

/** A tax ID asks for its branch, and a VAT-registered buyer for both. */
function checkBuyer(value: BuyerInput, ctx: z.RefinementCtx) {
  const taxId = value.buyerTaxId ?? '';
  const branch = value.buyerBranch ?? '';
  if (taxId === '' && value.buyerVatRegistered) {
    ctx.addIssue({
      code: 'custom',
      path: ['buyerTaxId'],
      message: "Enter the VAT-registered buyer's 13-digit tax ID",
    });
  }
  if (taxId !== '' && branch === '') {
    ctx.addIssue({
      code: 'custom',
      path: ['buyerBranch'],
      message: `Buyer branch is 5 digits: ${taxLimits.headOffice} for the head office`,
    });
  }
}

/** A buyer without a tax ID has no branch (a form's default "00000" for it is dropped, not refused). */
const asBuyer = <T extends BuyerInput>({ buyerVatRegistered: _, ...value }: T) => ({
  ...value,
  buyerTaxId: value.buyerTaxId ?? '',
  buyerBranch: value.buyerTaxId ? (value.buyerBranch ?? '') : '',
});

export const fullInvoiceRequestSchema = z.strictObject(buyerShape).superRefine(checkBuyer).transform(asBuyer);
export type FullInvoiceRequest = z.infer<typeof fullInvoiceRequestSchema>;

/**
 * `PUT /api/checkouts/:id/tax-invoice`: a full invoice's buyer corrected. The invoice is cancelled and a new one
 * replaces it (the Revenue Department's way), so the reason is required.
 */
export const fullInvoiceCorrectionSchema = z
  .strictObject({ ...buyerShape, reason: requiredText('Reason', taxLimits.correctionReasonMax) })
  .superRefine(checkBuyer)
  .transform(asBuyer);
export type FullInvoiceCorrection = z.infer<typeof fullInvoiceCorrectionSchema>;

const monthSchema = z
  .string({ error: 'Month is YYYY-MM' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Month is YYYY-MM, e.g. 2026-11');

/** `/api/tax/months/:month`: a tax month (seventh stage). */
export const taxMonthSchema = z.strictObject({ month: monthSchema });

/** `GET /api/tax/documents?month=YYYY-MM[&format=csv|xlsx][&daily=1][&as=filed]`. */
export const taxReportQuerySchema = z.strictObject({
  month: monthSchema,
  format: z.enum(['csv', 'xlsx'], { error: 'Format is csv or xlsx, or leave it out for JSON' }).optional(),
  /** The workbook with abbreviated invoices summed to one row a day (notification 89). */
  daily: z.enum(['0', '1'], { error: 'Daily is 1 or 0' }).optional(),
  /** Seventh stage: the month's report as filed, byte for byte. */
  as: z.enum(['filed'], { error: 'As is filed, or leave it out for the report as it stands' }).optional(),
});

/** `PUT /api/tax/documents/:number/hold`: a full invoice's buyer block held until a later day (YYYY-MM-DD). */
export const holdExtensionSchema = z.strictObject({
  until: z
    .string({ error: 'Until is a day, YYYY-MM-DD' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Until is a day, YYYY-MM-DD')
    .refine((day) => {
      const ms = Date.parse(`${day}T00:00:00Z`);
      return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(day);
    }, 'Until is not a real day'),
});

/** `POST /api/tax/documents/:number/substitute`: why the original is reissued (lost, damaged). */
export const substituteRequestSchema = z.strictObject({
  reason: requiredText('Reason', taxLimits.correctionReasonMax),
});
