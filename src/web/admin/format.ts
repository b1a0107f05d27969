import { dateLocale, type Language } from '../../shared/i18n/languages';

/** A calendar day "2026-03-01" -> "Sun, 1 Mar" (the day as the server counted it, whatever the viewer's zone). */
export const formatDay = (day: string, language: Language) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(dateLocale(language), {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
