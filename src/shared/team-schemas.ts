import { z } from 'zod';
import { limits } from './constants';
import { requiredText } from './schemas';
import { staffRoles } from './team';
import { teamLimits, teamTexts } from './team-limits';

export { teamLimits, teamTexts } from './team-limits';

/**
 * Inputs of the team's endpoints (DESIGN.md, "The resort's team"): staff, devices, PIN sign-in and a
 * manager's approval. One schema per input, used by the server's validator and by the admin's forms.
 */

/** Unique ignoring case (and the width of letters and runs of spaces): "Noi", "NOI" and "noi " are one name. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();
}

export const staffNameSchema = requiredText('Name', teamLimits.nameMax).transform((name) =>
  name.replace(/\s+/g, ' '),
);

export const staffRoleSchema = z.enum(staffRoles, {
  error: `Role must be one of ${staffRoles.join(', ')}`,
});

/** 123456, 654321, 012345, …: a straight run up or down, the first PIN anyone tries. */
export function isStraightRun(pin: string): boolean {
  const steps = new Set<number>();
  for (let i = 1; i < pin.length; i++) steps.add(pin.charCodeAt(i) - pin.charCodeAt(i - 1));
  return steps.size === 1 && (steps.has(1) || steps.has(-1));
}

/** Exactly 6 digits, neither one digit repeated nor a straight run (the guesses tried first). */
export const pinSchema = z
  .string({ error: 'The PIN must be 6 digits' })
  .regex(/^\d{6}$/, 'The PIN must be exactly 6 digits')
  .refine(
    (pin) => !/^(\d)\1+$/.test(pin),
    'A PIN of one digit repeated (like 111111) is too easy to guess: choose another',
  )
  .refine(
    (pin) => !isStraightRun(pin),
    'A straight run (like 123456 or 654321) is too easy to guess: choose another',
  );

export const staffCreateSchema = z.strictObject({
  name: staffNameSchema,
  role: staffRoleSchema,
  pin: pinSchema,
});
export type StaffCreateInput = z.infer<typeof staffCreateSchema>;

/** The admin's "Add a person" form: the PIN typed twice (only `pin` is sent). */
export const staffCreateFormSchema = staffCreateSchema
  .extend({ pinAgain: z.string() })
  .refine((form) => form.pin === form.pinAgain, { message: teamTexts.pinsDiffer, path: ['pinAgain'] });

export const staffUpdateSchema = z
  .strictObject({
    name: staffNameSchema,
    role: staffRoleSchema,
    active: z.boolean({ error: 'Active must be true or false' }),
    pin: pinSchema,
  })
  .partial()
  .refine((input) => Object.keys(input).length > 0, 'Send at least one of name, role, active or pin');
export type StaffUpdateInput = z.infer<typeof staffUpdateSchema>;

/** "Set a new PIN" form: typed twice. */
export const newPinFormSchema = z
  .strictObject({ pin: pinSchema, pinAgain: z.string() })
  .refine((form) => form.pin === form.pinAgain, { message: teamTexts.pinsDiffer, path: ['pinAgain'] });

/** Any text of 6 digits is tried (a PIN set before a rule changed still signs in); the rules are for new ones. */
const pinAttemptSchema = z
  .string({ error: 'The PIN must be 6 digits' })
  .regex(/^\d{6}$/, 'The PIN must be exactly 6 digits');

const staffIdSchema = z
  .number({ error: 'Pick a name from the list' })
  .int('Pick a name from the list')
  .min(1, 'Pick a name from the list')
  .max(limits.idMax, 'Pick a name from the list');

export const pinSignInSchema = z.strictObject({ staffId: staffIdSchema, pin: pinAttemptSchema });
export type PinSignInInput = z.infer<typeof pinSignInSchema>;

/** A manager's approval of a front desk's void: their name picked and their PIN typed on the same device. */
export const approvalSchema = z.strictObject({ staffId: staffIdSchema, pin: pinAttemptSchema });
export type ApprovalInput = z.infer<typeof approvalSchema>;

export const deviceNameSchema = requiredText('Device name', teamLimits.deviceNameMax);

/** Letters and digits that cannot be misread (no 0/O, 1/I/L, U). */
export const pairingAlphabet = 'ABCDEFGHJKMNPQRSTVWXYZ23456789';

/** As typed or scanned: any case, spaces and dashes ignored ("k7mp-3qxd"). */
export const pairingCodeSchema = z
  .string({ error: 'The pairing code must be text' })
  .transform((code) => code.replace(/[\s-]+/g, '').toUpperCase())
  .pipe(
    z
      .string()
      .regex(
        new RegExp(`^[${pairingAlphabet}]{${teamLimits.pairingCodeLength}}$`),
        'A pairing code is 8 letters and digits, like K7MP-3QXD',
      ),
  );

export const deviceRegisterSchema = z.strictObject({
  name: deviceNameSchema,
  pairingCode: pairingCodeSchema.optional(),
});
export type DeviceRegisterInput = z.infer<typeof deviceRegisterSchema>;

/** A pairing code carries no data, but every write is JSON: send {}. */
export const pairingInputSchema = z.strictObject({});
