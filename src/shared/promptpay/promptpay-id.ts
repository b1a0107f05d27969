/**
 * PromptPay IDs and amounts: the rules staff meet in the settings form and the payload builder enforces.
 * No library here, so the settings schema can use them without pulling the payload or QR code along.
 */

export type PromptPayIdKind = 'mobile' | 'nationalId' | 'eWallet';

export const promptPayIdLengths = { mobile: 10, nationalId: 13, eWallet: 15 } as const;

export type PromptPayIdResult =
  | { ok: true; kind: PromptPayIdKind; digits: string }
  | { ok: false; message: string };

/** Thai national and tax IDs end in a check digit: mod 11 over the first twelve digits, weights 13..2. */
export function thaiIdCheckDigitOk(digits: string): boolean {
  if (!/^\d{13}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (13 - i);
  return (11 - (sum % 11)) % 10 === Number(digits[12]);
}

export const promptPayIdMessages = {
  empty: 'Enter a PromptPay ID: a mobile number, a national or tax ID, or an e-wallet ID',
  notDigits: 'A PromptPay ID has digits only: a mobile number, a national or tax ID, or an e-wallet ID',
  mobilePrefix: 'A Thai mobile number for PromptPay starts with 06, 08 or 09 (10 digits)',
  checkDigit: 'This national or tax ID has a wrong check digit: check the 13 digits',
  length:
    'A PromptPay ID is a 10-digit mobile number, a 13-digit national or tax ID, or a 15-digit e-wallet ID',
} as const;

/**
 * A PromptPay ID as staff type it, reduced to its digits and classified: spaces, dashes and dots are
 * dropped, and a mobile number written internationally (+66 81 234 5678, 66812345678) becomes 0812345678.
 */
export function parsePromptPayId(input: string): PromptPayIdResult {
  let digits = input.replace(/[\s.-]/g, '');
  // +66 / 66 and nine digits is a mobile number written internationally; 11 digits is no other kind.
  const international = /^\+?66([689]\d{8})$/.exec(digits);
  if (international) digits = `0${international[1]}`;
  if (digits === '') return { ok: false, message: promptPayIdMessages.empty };
  if (!/^\d+$/.test(digits)) return { ok: false, message: promptPayIdMessages.notDigits };
  switch (digits.length) {
    case promptPayIdLengths.mobile:
      return /^0[689]/.test(digits)
        ? { ok: true, kind: 'mobile', digits }
        : { ok: false, message: promptPayIdMessages.mobilePrefix };
    case promptPayIdLengths.nationalId:
      return thaiIdCheckDigitOk(digits)
        ? { ok: true, kind: 'nationalId', digits }
        : { ok: false, message: promptPayIdMessages.checkDigit };
    case promptPayIdLengths.eWallet:
      return { ok: true, kind: 'eWallet', digits };
    default:
      return { ok: false, message: promptPayIdMessages.length };
  }
}
