/** The team's numbers and fixed texts, free of zod so any module (the settings' defaults) can read them. */

export const teamLimits = {
  nameMax: 40,
  deviceNameMax: 40,
  pinLength: 6,
  pairingCodeLength: 8,
  pairingCodeMinutes: 15,
  staffLockMinutesMin: 1,
  staffLockMinutesMax: 120,
  staffLockMinutesDefault: 5,
} as const;

/** The exact texts DESIGN.md fixes, for the server's answers and the tests. */
export const teamTexts = {
  pinNeedsDevice: 'PIN sign-in works only on a registered staff device',
  incorrectPin: 'Incorrect PIN',
  pinBlocked: 'This PIN is blocked after too many wrong tries: ask a manager to set a new one',
  rosterNeedsDevice: 'The list of staff is shown only on a registered staff device',
  pinsDiffer: 'The two PINs differ: type the same PIN twice',
} as const;
