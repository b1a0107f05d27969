import { describe, expect, it } from 'vitest';
import { adminEn } from './admin-en';
import { adminTh } from './admin-th';
import { de } from './de';
import { en } from './en';
import { isStaffKey } from './guest-messages';
import { ko } from './ko';
import {
  formatBaht,
  formatDate,
  formatNumber,
  languages,
  loadAdminMessages,
  loadMessages,
  pickLanguage,
} from './languages';
import { ru } from './ru';
import { th } from './th';
import { zhHans } from './zh-hans';

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

describe("the guests' languages", () => {
  const say = (value: unknown) =>
    typeof value === 'function' ? (value as (...args: unknown[]) => string)(7, 'x', 'y') : String(value);
  const scripts = {
    'zh-Hans': [zhHans, /\p{Script=Han}/u],
    ru: [ru, /\p{Script=Cyrillic}/u],
    ko: [ko, /\p{Script=Hangul}/u],
  } as const;

  it('say every guest text in the language, the staff texts in English', async () => {
    for (const [code, [messages, script]] of Object.entries(scripts)) {
      for (const [key, value] of Object.entries(messages)) {
        expect(script.test(say(value)), `${code}.${key}: ${say(value)}`).toBe(true);
      }
      const loaded = await loadMessages(code as 'zh-Hans' | 'ru' | 'ko');
      expect(loaded.adminAccess).toBe(en.adminAccess);
      expect(loaded.checkoutHeading).toBe(messages.checkoutHeading);
    }
  });

  it('give every German guest text its own words (the English one only for a name)', () => {
    const sameInBoth = new Set(['bungalowHeading']);
    for (const [key, value] of Object.entries(de)) {
      if (isStaffKey(key) || sameInBoth.has(key)) continue;
      expect(say(value), `de.${key}`).not.toBe(say(en[key as keyof typeof en]));
    }
  });

  it('count in Russian with one, few and many', () => {
    expect([1, 2, 5, 11, 21, 22].map((n) => ru.itemsMissing(n))).toEqual([
      'Не хватает: 1 напиток',
      'Не хватает: 2 напитка',
      'Не хватает: 5 напитков',
      'Не хватает: 11 напитков',
      'Не хватает: 21 напиток',
      'Не хватает: 22 напитка',
    ]);
    expect([1, 2, 5, 11, 21, 22].map((n) => ru.waitingToSend(n))).toEqual([
      '1 расчёт ждёт отправки',
      '2 расчёта ждут отправки',
      '5 расчётов ждут отправки',
      '11 расчётов ждут отправки',
      '21 расчёт ждёт отправки',
      '22 расчёта ждут отправки',
    ]);
  });

  it('count in German with one and other', () => {
    expect(de.itemsMissing(1)).toBe('1 Getränk fehlt');
    expect(de.itemsMissing(2)).toBe('2 Getränke fehlen');
  });

  it('write baht with the code THB and the language’s grouping', () => {
    expect(formatBaht('de', 12500)).toBe('12.500\u00a0THB');
    expect(formatBaht('ru', 12500)).toBe('12\u00a0500\u00a0THB');
    expect(formatBaht('zh-Hans', 12500)).toBe('THB\u00a012,500');
    expect(formatBaht('ko', 80)).toBe('THB\u00a080');
  });

  it('write dates as the language does', () => {
    const date = new Date('2026-11-21T23:30:00Z');
    expect(formatDate('de', date, 'Asia/Bangkok')).toBe('22.11.2026');
    expect(formatDate('ru', date, 'Asia/Bangkok')).toBe('22.11.2026');
    expect(formatDate('zh-Hans', date, 'Asia/Bangkok')).toBe('2026/11/22');
    expect(formatDate('ko', date, 'Asia/Bangkok')).toBe('2026. 11. 22.');
  });
});

describe('pickLanguage', () => {
  it("follows the first of the browser's languages the app speaks", () => {
    expect(pickLanguage(['th-TH', 'en-US'])).toBe('th');
    expect(pickLanguage(['fr-FR', 'th'])).toBe('th');
    expect(pickLanguage(['en-GB', 'th'])).toBe('en');
    expect(pickLanguage(['de-DE', 'en'])).toBe('de');
    expect(pickLanguage(['ru'])).toBe('ru');
    expect(pickLanguage(['ko-KR'])).toBe('ko');
  });

  it('reads Simplified Chinese from zh-CN, zh-SG and zh-Hans, and keeps traditional Chinese out', () => {
    for (const tag of ['zh-CN', 'zh-SG', 'zh-Hans', 'zh-Hans-CN', 'zh']) {
      expect(pickLanguage([tag]), tag).toBe('zh-Hans');
    }
    for (const tag of ['zh-TW', 'zh-HK', 'zh-Hant', 'zh-Hant-TW']) {
      expect(pickLanguage([tag]), tag).toBe('en');
    }
    expect(pickLanguage(['zh-TW', 'th'])).toBe('th');
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
