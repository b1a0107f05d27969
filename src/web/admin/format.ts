import { dateLocale, type Language } from '../../shared/i18n/languages';

/** A calendar day "2026-03-01" -> "Sun, 1 Mar" (the day as the server counted it, whatever the viewer's zone). */
export const formatDay = (day: string, language: Language) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(dateLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });

/**
 * A cost in satang as baht with its two decimals ("32.92 THB", "฿32.92"): costs need the satang that prices,
 * whole baht, do not (DESIGN.md, "Deliveries").
 */
export function formatSatang(satang: number, language: Language): string {
  const baht = new Intl.NumberFormat(language === 'en' ? 'en-US' : dateLocale(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Math.round(satang) / 100);
  return language === 'en' ? `${baht} THB` : `฿${baht}`;
}
