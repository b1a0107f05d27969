import { type Language, localeOf } from '../../shared/i18n/languages';

/**
 * Times as staff read them: their own time zone, in the page's language (English keeps the device's own
 * date format, as the spec's dates). The filters work in the resort's days.
 */
export const formatDateTime = (iso: string, language: Language) =>
  new Date(iso).toLocaleString(language === 'en' ? undefined : localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

/** A calendar day "2026-03-01" -> "Sun, 1 Mar" (the day as the server counted it, whatever the viewer's zone). */
export const formatDay = (day: string, language: Language) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(language === 'en' ? undefined : localeOf(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
