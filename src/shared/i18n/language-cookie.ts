import { isLanguage, type Language, pickLanguage } from './languages';

/** The guest's language switch writes it; the server renders /checkout in it (web/i18n/language.ts). */
export const languageCookie = 'fridge-check-language';
/** A year: as long as the device's own storage keeps the choice, near enough. */
export const languageCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** An Accept-Language header's tags, most wanted first (q=0 means "not this one"). */
export function acceptedLanguageTags(header: string | null | undefined): string[] {
  if (!header) return [];
  const tags: { tag: string; q: number; index: number }[] = [];
  for (const [index, part] of header.split(',').entries()) {
    const [rawTag, ...params] = part.trim().split(';');
    const tag = rawTag?.trim();
    if (!tag || tag === '*') continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    tags.push({ tag, q, index });
  }
  return tags.sort((a, b) => b.q - a.q || a.index - b.index).map((entry) => entry.tag);
}

/** The request's language: the switch's cookie, else the browser's Accept-Language, else English. */
export function requestLanguage(
  cookieHeader: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  for (const part of (cookieHeader ?? '').split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === languageCookie && isLanguage(value)) return value;
  }
  return pickLanguage(acceptedLanguageTags(acceptLanguage));
}
