import { z } from 'zod';
import { limits } from './constants';
import { requiredText } from './schemas';
import { dayStringSchema } from './staff-schemas';

/**
 * A guest's stay in a bungalow (PUT /api/bungalows/:n/stay), for the server and the bungalows page's form.
 * The email and the planned check-out day may be left out (or empty, as a form sends them).
 */
export const stayInputSchema = z.strictObject({
  guestName: requiredText('Guest name', limits.guestNameMax),
  guestEmail: z
    .string({ error: 'Guest email must be text' })
    .trim()
    .max(limits.emailMax, `Guest email must be at most ${limits.emailMax} characters`)
    .pipe(z.union([z.literal(''), z.email('Enter a valid email address')]))
    .transform((email) => (email === '' ? null : email))
    .nullable()
    .optional()
    .transform((email) => email ?? null),
  checkOutOn: z
    .union([z.literal(''), dayStringSchema])
    .nullable()
    .optional()
    .transform((day) => (day ? day : null)),
});
export type StayInput = z.input<typeof stayInputSchema>;
export type StayValues = z.output<typeof stayInputSchema>;
