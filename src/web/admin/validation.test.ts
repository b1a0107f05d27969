import { describe, expect, it } from 'vitest';
import { adminEn } from '../../shared/i18n/admin-en';
import { adminTh } from '../../shared/i18n/admin-th';
import { en } from '../../shared/i18n/en';
import type { Language } from '../../shared/i18n/languages';
import { th } from '../../shared/i18n/th';
import { promptPayIdMessages } from '../../shared/promptpay/promptpay-id';
import { resortSettingsInputSchema } from '../../shared/resort-settings-schema';
import { drinkInputSchema, guestInputSchema, loginInputSchema } from '../../shared/schemas';
import { historyQuerySchema, voidInputSchema } from '../../shared/staff-schemas';
import { stayInputSchema } from '../../shared/stay-schemas';
import { ApiError } from '../api';
import type { AdminI18n } from './admin-i18n';
import { apiErrorText, fieldMessages, issueText } from './validation';

/** The page in a language, as the admin's components get it (formatting is not used by these texts). */
const i18n = (language: Language): AdminI18n =>
  ({ language, t: language === 'th' ? th : en, a: language === 'th' ? adminTh : adminEn }) as AdminI18n;

/** Wrong input for every field the admin forms check before sending. */
const failures = [
  drinkInputSchema.safeParse({ drinkName: '', startingQuantity: 1.5, price: 0 }),
  drinkInputSchema.safeParse({
    drinkName: `${'x'.repeat(80)}\u0000`,
    startingQuantity: Number.NaN,
    price: 1e9,
  }),
  guestInputSchema.safeParse({ name: ' ', email: 'nope' }),
  loginInputSchema.safeParse({ password: '' }),
  stayInputSchema.safeParse({ guestName: '', guestEmail: 'x@', checkOutOn: '2026-02-31' }),
  stayInputSchema.safeParse({ guestName: 'Ana', checkOutOn: '31/01/2026' }),
  voidInputSchema.safeParse({ reason: '  ' }),
  historyQuerySchema.safeParse({ from: '2026-02-02', to: '2026-02-01', bungalow: 'abc' }),
  resortSettingsInputSchema.safeParse({
    resortName: 'x'.repeat(500),
    timeZone: 'Mars/Olympus',
    bungalows: '5-1',
    promptPayId: '123',
    promptPayName: '',
    publicUrl: 'ftp://fridge.example.com',
  }),
].flatMap((result) => (result.success ? [] : result.error.issues));

const thai = /[\u0e01-\u0e5b]/;

describe("the admin forms' own checks", () => {
  it('fail for every sample input (else this test checks nothing)', () => {
    expect(failures.length).toBeGreaterThanOrEqual(20);
  });

  it("show the shared schemas' own English in English, character for character (the API's texts)", () => {
    for (const issue of failures) expect(issueText(issue, i18n('en'))).toBe(issue.message);
  });

  it('say every issue in Thai in Thai, none left as the English message', () => {
    for (const issue of failures) {
      const text = issueText(issue, i18n('th'));
      expect(thai.test(text), `${issue.path.join('.')}: ${issue.message} -> ${text}`).toBe(true);
      expect(text).not.toBe(issue.message);
    }
  });

  it('name the field and what it needs', () => {
    const result = drinkInputSchema.safeParse({ drinkName: '', startingQuantity: 1.5, price: 0 });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldMessages(result.error, i18n('th'))).toEqual({
      drinkName: 'กรุณากรอกชื่อเครื่องดื่ม',
      startingQuantity: 'จำนวนเริ่มต้นต้องเป็นจำนวนเต็ม',
      price: 'ราคา (บาท)ต้องไม่น้อยกว่า 1',
    });
    expect(fieldMessages(result.error, i18n('en'))).toEqual({
      drinkName: 'Drink name is required',
      startingQuantity: 'Starting quantity must be a whole number',
      price: 'Price must be at least 1 THB',
    });
  });

  it('tell a start after the end from a date that does not exist', () => {
    const after = historyQuerySchema.safeParse({ from: '2026-02-02', to: '2026-02-01' });
    const unreal = historyQuerySchema.safeParse({ to: '2026-02-30' });
    expect(after.success || fieldMessages(after.error, i18n('th')).to).toBe(adminTh.startAfterEnd);
    expect(unreal.success || fieldMessages(unreal.error, i18n('th')).to).toBe(adminTh.notRealDate);
  });

  it("say each of the PromptPay ID's problems in Thai (empty clears the ID: no problem)", () => {
    const samples = [
      ['08x1234567', 'notDigits', 'promptPayIdNotDigits'],
      ['0212345678', 'mobilePrefix', 'promptPayIdMobilePrefix'],
      ['1234567890120', 'checkDigit', 'promptPayIdCheckDigit'],
      ['12345', 'length', 'promptPayIdLength'],
    ] as const;
    for (const [id, problem, thaiKey] of samples) {
      const result = resortSettingsInputSchema.safeParse({ promptPayId: id });
      if (result.success) throw new Error(`${id} passed`);
      expect(result.error.issues[0]?.message, id).toBe(promptPayIdMessages[problem]);
      expect(fieldMessages(result.error, i18n('th')).promptPayId, id).toBe(adminTh[thaiKey]);
    }
  });
});

describe('request failures', () => {
  it("say a missing answer in the page's language, and keep the server's own message", () => {
    const offline = new ApiError(
      0,
      'network_error',
      'The server could not be reached. Check the connection and try again.',
    );
    expect(apiErrorText(offline, i18n('th'))).toBe(adminTh.serverUnreachable);
    expect(apiErrorText(offline, i18n('en'))).toBe(offline.message);
    expect(adminEn.serverUnreachable).toBe(offline.message);
    const refused = new ApiError(409, 'conflict', 'A voided checkout cannot be marked paid');
    expect(apiErrorText(refused, i18n('th'))).toBe(refused.message);
  });
});
