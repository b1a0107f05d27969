import { describe, expect, it } from 'vitest';
import { adminEn } from './admin-en';
import { adminTh } from './admin-th';
import { en } from './en';
import {
  formatBaht,
  formatDate,
  formatNumber,
  languages,
  loadAdminMessages,
  loadMessages,
  pickLanguage,
} from './languages';
import { th } from './th';

describe('the message files', () => {
  it('have the same keys in every language, each a text or a function like English', async () => {
    for (const { code } of languages) {
      const messages = await loadMessages(code);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
      for (const [key, value] of Object.entries(messages)) {
        const english = en[key as keyof typeof en];
        expect(typeof value, `${code}.${key}`).toBe(typeof english);
        if (typeof value === 'string') expect(value.trim(), `${code}.${key}`).not.toBe('');
        if (typeof value === 'function')
          expect(value.length, `${code}.${key}`).toBeLessThanOrEqual(english.length);
      }
    }
  });

  it('keep the spec texts in English, character for character', () => {
    expect(en.checkoutHeading).toBe('Please enter the number of missing items from the fridge');
    expect(en.toastReadyToShare).toBe('Ready to share receipt!');
    expect(en.shareTitle(4)).toBe('Bungalow #4 Checkout');
    expect(en.shareText).toBe('Your fridge checkout receipt');
    expect(en.receiptTitle(4)).toBe('Bungalow #4 Fridge Checkout');
  });

  it('say everything in Thai in the Thai file (no English word of the spec left)', () => {
    const thai = /[\u0e01-\u0e5b]/;
    for (const [key, value] of Object.entries(th)) {
      const text =
        typeof value === 'function' ? (value as (...args: unknown[]) => string)(7, '1', '2') : value;
      expect(thai.test(text), `th.${key}: ${text}`).toBe(true);
    }
  });
});

describe('pickLanguage', () => {
  it("follows the first of the browser's languages the app speaks", () => {
    expect(pickLanguage(['th-TH', 'en-US'])).toBe('th');
    expect(pickLanguage(['de-DE', 'th'])).toBe('th');
    expect(pickLanguage(['en-GB', 'th'])).toBe('en');
  });

  it('falls back to English', () => {
    expect(pickLanguage(['fr-FR'])).toBe('en');
    expect(pickLanguage([])).toBe('en');
  });
});

describe('formatting per language', () => {
  it('writes baht in English as the spec does, amount then THB, grouped from 1,000', () => {
    expect(formatBaht('en', 80)).toBe('80 THB');
    expect(formatBaht('en', 0)).toBe('0 THB');
    expect(formatBaht('en', 12500)).toBe('12500 THB');
  });

  it('writes baht in Thai with the baht sign, as Intl does for th-TH', () => {
    expect(formatBaht('th', 80)).toBe('฿80');
    expect(formatBaht('th', 12500)).toBe('฿12,500');
  });

  it('groups numbers per language', () => {
    expect(formatNumber('en', 1234567)).toBe('1,234,567');
    expect(formatNumber('th', 1234567)).toBe('1,234,567');
  });

  it('writes dates in Thai as day/month/Buddhist-era year, in the given time zone', () => {
    // 23:30 UTC on 21 November is already 22 November in Bangkok.
    const date = new Date('2026-11-21T23:30:00Z');
    expect(formatDate('th', date, 'Asia/Bangkok')).toBe('22/11/2569');
    expect(formatDate('th', date, 'UTC')).toBe('21/11/2569');
  });

  it("writes dates in English in the device's own format, as the spec's receipt did", () => {
    const date = new Date('2026-11-21T23:30:00Z');
    expect(formatDate('en', date, 'UTC')).toBe(date.toLocaleDateString(undefined, { timeZone: 'UTC' }));
  });
});

describe("the admin workspace's message files", () => {
  it('have the same keys in every language, each a text or a function like English', async () => {
    for (const { code } of languages) {
      const messages = await loadAdminMessages(code);
      expect(Object.keys(messages).sort()).toEqual(Object.keys(adminEn).sort());
      for (const [key, value] of Object.entries(messages)) {
        const english = adminEn[key as keyof typeof adminEn];
        expect(typeof value, `${code}.${key}`).toBe(typeof english);
        if (typeof value === 'string') expect(value.trim(), `${code}.${key}`).not.toBe('');
      }
    }
  });

  it('give every Thai value its own text: none empty, none the English one (but for proper nouns)', () => {
    // Values that are the same in both languages by nature: only figures and the names they are given.
    const sameInBoth = new Set(['dayValue', 'busiestDay']);
    const args = [7, 3, 2, 'x'];
    for (const [key, thai] of Object.entries(adminTh)) {
      const english = adminEn[key as keyof typeof adminEn];
      const say = (value: unknown) =>
        typeof value === 'function' ? (value as (...values: unknown[]) => string)(...args) : String(value);
      expect(say(thai).trim(), `adminTh.${key}`).not.toBe('');
      if (sameInBoth.has(key)) continue;
      // PromptPay, CSV, PDF, NUL, IANA, URLs and example dates may stay as they are inside a Thai sentence.
      const withoutNames = say(thai).replace(
        /PromptPay|CSV|PDF|UTF-8|NUL|IANA|https?:\/\/\S+|[\d#(),.:\s-]/g,
        '',
      );
      expect(withoutNames, `adminTh.${key} is only names or figures: ${say(thai)}`).not.toBe('');
      expect(say(thai), `adminTh.${key} is the English text`).not.toBe(say(english));
    }
  });

  it('say everything in Thai in the Thai file', () => {
    const thai = /[\u0e01-\u0e5b]/;
    // Only figures and the names they are given: nothing to translate.
    const figuresOnly = new Set(['dayValue', 'busiestDay']);
    for (const [key, value] of Object.entries(adminTh)) {
      if (figuresOnly.has(key)) continue;
      const text =
        typeof value === 'function' ? (value as (...args: unknown[]) => string)(7, 3, 2, 'x') : value;
      expect(thai.test(text), `adminTh.${key}: ${text}`).toBe(true);
    }
  });
});
