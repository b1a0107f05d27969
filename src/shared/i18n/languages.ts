import { CURRENCY } from '../constants';
import { formatThb } from '../money';
import type { AdminMessages } from './admin-en';
import { en, type Messages } from './en';
import { withStaffTexts } from './guest-messages';

/**
 * The languages the app speaks, each named in itself: English first (the default, bundled), Thai (guests and
 * staff), and the guests' languages (the checkout only; their admin texts stay English). Every language but
 * English is a chunk loaded when chosen. Adding one is a message file, a line here and one in `loadMessages`;
 * no component changes. `code` is the BCP 47 tag `<html lang>` gets; `locale` is what Intl formats with.
 */
export const languages = [
  { code: 'en', name: 'English', locale: 'en-US' },
  { code: 'th', name: 'ไทย', locale: 'th-TH' },
  { code: 'zh-Hans', name: '中文', locale: 'zh-CN' },
  { code: 'ru', name: 'Русский', locale: 'ru-RU' },
  { code: 'ko', name: '한국어', locale: 'ko-KR' },
  { code: 'de', name: 'Deutsch', locale: 'de-DE' },
] as const;

export type Language = (typeof languages)[number]['code'];
export const defaultLanguage: Language = 'en';
/** The admin workspace's languages: with any other chosen, the admin pages are in English. */
export const staffLanguages: readonly Language[] = ['en', 'th'];

export function isLanguage(value: unknown): value is Language {
  return languages.some((language) => language.code === value);
}

/**
 * The app's language for a browser language tag, or null. Chinese is Simplified for zh-CN, zh-SG, zh-MY,
 * zh-Hans* and a bare zh; traditional Chinese (zh-TW, zh-HK, zh-MO, zh-Hant*) is not spoken yet.
 */
function languageOfTag(tag: string): Language | null {
  const [primary, ...rest] = tag.toLowerCase().split('-');
  if (primary === 'zh') {
    if (rest.includes('hant')) return null;
    if (rest.includes('hans')) return 'zh-Hans';
    return rest.some((part) => ['tw', 'hk', 'mo'].includes(part)) ? null : 'zh-Hans';
  }
  return languages.find((language) => language.code === primary)?.code ?? null;
}

/** The first of the browser's preferred languages (navigator.languages) that the app speaks, else English. */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return defaultLanguage;
}

/** The messages of a language; every language but English (bundled) is a chunk of its own, fetched on demand. */
export async function loadMessages(language: Language): Promise<Messages> {
  switch (language) {
    case 'th':
      return (await import('./th')).th;
    case 'zh-Hans':
      return withStaffTexts((await import('./zh-hans')).zhHans);
    case 'ru':
      return withStaffTexts((await import('./ru')).ru);
    case 'ko':
      return withStaffTexts((await import('./ko')).ko);
    case 'de':
      return withStaffTexts((await import('./de')).de);
    default:
      return en;
  }
}

/**
 * The admin workspace's messages (staff texts), loaded with the admin's own chunks, never with /checkout. The
 * workspace speaks English and Thai: the guests' languages get English.
 */
export async function loadAdminMessages(language: Language): Promise<AdminMessages> {
  switch (language) {
    case 'th':
      return (await import('./admin-th')).adminTh;
    default:
      return (await import('./admin-en')).adminEn;
  }
}

/** The BCP 47 locale Intl formats a language with. */
export const localeOf = (language: Language) =>
  languages.find((entry) => entry.code === language)?.locale ?? 'en-US';

/**
 * The locale dates are written in: English keeps the device's own (undefined), as the spec's "local date
 * format" asks; other languages write their own.
 */
export const dateLocale = (language: Language) => (language === 'en' ? undefined : localeOf(language));

const numberFormats = new Map<string, Intl.NumberFormat>();
function cachedNumberFormat(key: string, make: () => Intl.NumberFormat) {
  let format = numberFormats.get(key);
  if (!format) {
    format = make();
    numberFormats.set(key, format);
  }
  return format;
}

/** A count as the language writes it (grouping: 1,250). */
export function formatNumber(language: Language, value: number): string {
  return cachedNumberFormat(`n:${language}`, () => new Intl.NumberFormat(localeOf(language))).format(value);
}

/**
 * Whole baht. English keeps the spec's form exactly, the amount as a plain number then 'THB' ("80 THB",
 * "12500 THB": the spec's `{missing x price} THB`); other languages use Intl's currency format for THB:
 * Thai with the baht sign ("฿12,500"), the guests' languages with the code where they put it ("12.500 THB",
 * "THB 12,500"): a guest from abroad knows THB better than ฿, and the receipt fonts need no Thai sign.
 */
export function formatBaht(language: Language, amount: number): string {
  if (language === 'en') return formatThb(amount);
  return cachedNumberFormat(
    `c:${language}`,
    () =>
      new Intl.NumberFormat(localeOf(language), {
        style: 'currency',
        currency: CURRENCY,
        currencyDisplay: language === 'th' ? 'symbol' : 'code',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }),
  ).format(amount);
}

/**
 * A calendar day as the language writes it. English keeps the spec's "local date format" (the device's own
 * locale, as toLocaleDateString() gives); Thai writes day/month/Buddhist-era year (22/11/2569).
 */
export function formatDate(language: Language, date: Date, timeZone?: string): string {
  const locale = dateLocale(language);
  const options = { year: 'numeric', month: 'numeric', day: 'numeric' } as const;
  try {
    return date.toLocaleDateString(locale, { ...options, timeZone });
  } catch {
    // An unknown zone name (settings from an older runtime): the device's own zone.
    return date.toLocaleDateString(locale, options);
  }
}

/**
 * A moment as the language writes it, in the viewer's zone (the device's own locale for English, as the spec's
 * dates). Takes the API's ISO strings as they come.
 */
export function formatDateTime(language: Language, date: Date | string): string {
  return new Date(date).toLocaleString(dateLocale(language), { dateStyle: 'medium', timeStyle: 'short' });
}
