import { z } from 'zod';

/**
 * Guests' personal data (DESIGN.md, "Guests' personal data"): what the privacy routes take and answer, and
 * the words that stand where an erased guest's name was.
 */

/** What every page, export and receipt shows in place of an erased guest's name. */
export const erasedGuestName = 'Erased guest';

/** A guest as the audit and the privacy routes name them: `guest:<id>` (the `guests` table's id). */
export const guestRefOf = (id: number): string => `guest:${id}`;

/** The id of a `guest:<id>` reference, or null when it is not one. */
export function guestIdOf(ref: string): number | null {
  const match = /^guest:([1-9][0-9]{0,15})$/.exec(ref);
  return match ? Number(match[1]) : null;
}

export const privacyLimits = {
  searchMin: 2,
  searchMax: 100,
  reasonMax: 200,
} as const;

export const guestSearchSchema = z.strictObject({
  q: z
    .string({ error: `Type at least ${privacyLimits.searchMin} characters of a name or an email` })
    .trim()
    .min(privacyLimits.searchMin, `Type at least ${privacyLimits.searchMin} characters of a name or an email`)
    .max(privacyLimits.searchMax, `Search with at most ${privacyLimits.searchMax} characters`),
});

export const guestEraseSchema = z.strictObject({
  reason: z
    .string({ error: 'Say why the guest is erased' })
    .trim()
    .min(1, 'Say why the guest is erased')
    .max(privacyLimits.reasonMax, `The reason must be at most ${privacyLimits.reasonMax} characters`)
    .refine((value) => !value.includes('\u0000'), 'The reason cannot contain a NUL character'),
});
export type GuestEraseInput = z.infer<typeof guestEraseSchema>;

/** `GET /api/privacy/guests/:guestRef/export[?format=html&lang=th]`: the JSON, or a page in the guest's language. */
export const guestExportQuerySchema = z.strictObject({
  format: z.enum(['json', 'html'], { error: 'Format is json or html' }).optional(),
  lang: z
    .enum(['en', 'th', 'zh-Hans', 'ru', 'ko', 'de'], { error: 'Lang is one of the guest languages' })
    .optional(),
});

/** GET /api/privacy/guests: one guest found. */
export interface PrivacyGuest {
  guestRef: string;
  name: string;
  email: string | null;
  stays: { bungalow: number; openedAt: string; closedAt: string | null }[];
  /** How many checkouts are charged to the guest. */
  checkouts: number;
  /** A full tax invoice's buyer block is kept until this day (the Revenue Code's 5 years), else null. */
  legalHoldUntil: string | null;
}

/** POST /api/privacy/guests/:guestRef/erase. */
export interface GuestErased {
  guestRef: string;
  erased: { stays: number; checkouts: number };
  legalHoldUntil: string | null;
}

/** Why a guest was erased: a person's request (the reason they typed) or the retention setting. */
export const retentionReason = 'retention';
