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

/** The BCP 47 locale Intl formats a language with. */
export const localeOf = (language: Language) =>
  languages.find((entry) => entry.code === language)?.locale ?? 'en-US';
