import type { AdminMessages } from './admin-en';
import { en, type Messages } from './en';
import { withStaffTexts } from './guest-messages';
import { type Language, languages, localeOf } from './language-list';

export { type Language, languages, localeOf } from './language-list';
export { formatBaht, formatNumber } from './number-formats';

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

/**
 * The locale dates are written in: English keeps the device's own (undefined), as the spec's "local date
 * format" asks; other languages write their own.
 */
export const dateLocale = (language: Language) => (language === 'en' ? undefined : localeOf(language));

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
