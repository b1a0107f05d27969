import { z } from 'zod';
import { parsePromptPayId } from './promptpay/promptpay-id';
import { canonicalTimeZone, defaultTimeZone, parseBungalowList, settingsLimits } from './resort-settings';
import { taxSettingsFieldSchema } from './tax-schemas';
import { teamLimits } from './team-limits';

/** The one input schema of `PUT /api/settings`, used by the server's validator and the settings form. */

/** Text without U+0000 (PostgreSQL text cannot hold it), trimmed and bounded; empty is allowed. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} cannot contain a NUL character`);

/** Empty text clears an optional setting: it is stored as null. */
const nullableText = (label: string, max: number) =>
  z.union([optionalText(label, max), z.null()]).transform((value) => (value ? value : null));

/**
 * A PromptPay ID as staff type it (spaces, dashes and dots allowed; +66 or 66 for a mobile number) reduced to
 * its digits by the same rules the QR payload uses (shared/promptpay/promptpay-id.ts): a Thai mobile number
 * (10 digits, 06, 08 or 09), a national or tax ID (13 digits with a valid check digit) or an e-wallet ID
 * (15 digits).
 */
export const promptPayIdSchema = z.string({ error: 'PromptPay ID must be text' }).transform((value, ctx) => {
  const parsed = parsePromptPayId(value);
  if (parsed.ok) return parsed.digits;
  ctx.addIssue({ code: 'custom', message: parsed.message });
  return z.NEVER;
});

export const resortSettingsInputSchema = z
  .strictObject({
    resortName: optionalText('Resort name', settingsLimits.resortNameMax),
    timeZone: z
      .string({ error: 'Time zone must be text' })
      .trim()
      .transform((value, ctx) => {
        const zone = canonicalTimeZone(value);
        if (!zone) {
          ctx.addIssue({
            code: 'custom',
            message: `"${value}" is not a known time zone: use an IANA name such as ${defaultTimeZone}`,
          });
          return z.NEVER;
        }
        return zone;
      }),
    bungalows: z
      .string({ error: 'Bungalows must be text such as 1-24' })
      .max(
        settingsLimits.bungalowListMax,
        `The bungalow list must be at most ${settingsLimits.bungalowListMax} characters`,
      )
      .transform((value, ctx) => {
        const parsed = parseBungalowList(value);
        if (!parsed.ok) {
          ctx.addIssue({ code: 'custom', message: parsed.message });
          return z.NEVER;
        }
        return parsed.text;
      }),
    // Empty (or blank) text and null clear it. One transform rather than a union, so the ID's own message
    // reaches the form instead of zod's "Invalid input" for a union.
    promptPayId: z
      .union([z.string(), z.null()], { error: 'PromptPay ID must be text, or null to clear it' })
      .transform((value, ctx) => {
        if (value === null || value.trim() === '') return null;
        const parsed = parsePromptPayId(value);
        if (parsed.ok) return parsed.digits;
        ctx.addIssue({ code: 'custom', message: parsed.message });
        return z.NEVER;
      }),
    promptPayName: nullableText('PromptPay payee name', settingsLimits.promptPayNameMax),
    publicUrl: z
      .union([z.literal(''), z.null(), optionalText('Public address', settingsLimits.publicUrlMax)])
      .transform((value, ctx) => {
        if (!value) return null;
        let url: URL;
        try {
          url = new URL(value);
        } catch {
          ctx.addIssue({
            code: 'custom',
            message: 'Enter the address guests open, e.g. https://fridge.example.com',
          });
          return z.NEVER;
        }
        if (url.protocol !== 'https:' && url.protocol !== 'http:') {
          ctx.addIssue({ code: 'custom', message: 'The public address must start with https:// or http://' });
          return z.NEVER;
        }
        // The stickers append /checkout?bungalow=N: keep the origin and any base path, drop the rest.
        return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
      }),
    staffLockMinutes: z
      .number({ error: 'Staff lock must be a number of minutes' })
      .int('Staff lock must be a whole number of minutes')
      .min(
        teamLimits.staffLockMinutesMin,
        `Staff lock must be at least ${teamLimits.staffLockMinutesMin} minute`,
      )
      .max(
        teamLimits.staffLockMinutesMax,
        `Staff lock must be at most ${teamLimits.staffLockMinutesMax} minutes`,
      ),
    cashFloat: z
      .number({ error: 'Cash float must be a number of baht' })
      .int('Cash float must be whole baht')
      .min(0, 'Cash float cannot be below 0')
      .max(settingsLimits.cashFloatMax, `Cash float must be at most ${settingsLimits.cashFloatMax} THB`),
    stockCoverDays: z
      .number({ error: 'Days of cover must be a number of days' })
      .int('Days of cover must be whole days')
      .min(
        settingsLimits.stockCoverDaysMin,
        `Days of cover must be at least ${settingsLimits.stockCoverDaysMin}`,
      )
      .max(
        settingsLimits.stockCoverDaysMax,
        `Days of cover must be at most ${settingsLimits.stockCoverDaysMax}`,
      ),
    // Tax documents (fifth stage)
    tax: taxSettingsFieldSchema,
    // Guests' personal data (fifth stage)
    guestDataDays: z
      .number({ error: 'Days to keep guest data must be a number of days' })
      .int('Days to keep guest data must be whole days')
      .min(
        settingsLimits.guestDataDaysMin,
        `Guest data must be kept at least ${settingsLimits.guestDataDaysMin} days`,
      )
      .max(
        settingsLimits.guestDataDaysMax,
        `Guest data can be kept at most ${settingsLimits.guestDataDaysMax} days`,
      ),
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Send at least one setting to change');
export type ResortSettingsInput = z.input<typeof resortSettingsInputSchema>;
export type ResortSettingsPatch = z.output<typeof resortSettingsInputSchema>;
