import { dateLocale, type Language } from '../../../shared/i18n/languages';

/** A resort day "2026-06-10" -> "Wed, 10 Jun 2026" ("พ. 10 มิ.ย. 2569" in Thai), whatever the viewer's zone. */
export const formatLongDay = (day: string, language: Language) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(dateLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A moment on the resort's clock (the close's time is the resort's, not the phone's). */
export function formatResortMoment(iso: string, language: Language, timeZone: string): string {
  const options = { dateStyle: 'medium', timeStyle: 'short' } as const;
  try {
    return new Date(iso).toLocaleString(dateLocale(language), { ...options, timeZone });
  } catch {
    return new Date(iso).toLocaleString(dateLocale(language), options);
  }
}
