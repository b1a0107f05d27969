import { z } from 'zod';
import { requiredText } from './schemas';
import { dayStringSchema } from './staff-schemas';

/** Inputs of closing and reopening a day (DESIGN.md "Closing the day"), for the server and the close page. */

export const dayCloseLimits = {
  /** More cash than any minibar drawer holds (ten million baht): a typo, not a count. */
  countedCashMax: 10_000_000,
  noteMax: 500,
  reasonMax: 500,
} as const;

/** The `:day` of /api/days/:day: a real calendar day written YYYY-MM-DD (422 otherwise, not 404). */
export const dayParamSchema = z.strictObject({ day: dayStringSchema });

export const closeDayInputSchema = z.strictObject({
  countedCash: z
    .number({ error: 'Counted cash must be a number of baht' })
    .int('Counted cash must be whole baht')
    .min(0, 'Counted cash cannot be below 0')
    .max(dayCloseLimits.countedCashMax, `Counted cash must be at most ${dayCloseLimits.countedCashMax} THB`),
  /** Optional; empty or blank text is no note. */
  note: z
    .union([z.string({ error: 'The note must be text' }), z.null()], { error: 'The note must be text' })
    .optional()
    .transform((value, ctx) => {
      const note = value?.trim() ?? '';
      if (note.length > dayCloseLimits.noteMax) {
        ctx.addIssue({
          code: 'custom',
          message: `The note must be at most ${dayCloseLimits.noteMax} characters`,
        });
        return z.NEVER;
      }
      if (note.includes('\u0000')) {
        ctx.addIssue({ code: 'custom', message: 'The note cannot contain a NUL character' });
        return z.NEVER;
      }
      return note === '' ? null : note;
    }),
});
export type CloseDayInput = z.input<typeof closeDayInputSchema>;

export const reopenDayInputSchema = z.strictObject({
  reason: requiredText('The reason', dayCloseLimits.reasonMax, 'A reason is required to reopen a closed day'),
});
export type ReopenDayInput = z.infer<typeof reopenDayInputSchema>;
