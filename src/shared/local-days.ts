/**
 * Calendar days in the resort's time zone (settings `timeZone`), from UTC instants and back. Stored times
 * stay ISO 8601 UTC; only the edges of a day depend on the zone. See docs/decisions/032-resort-local-days.md.
 */

/** A calendar day, e.g. 2026-01-31. */
export type Day = string;

const formatters = new Map<string, Intl.DateTimeFormat>();

/** Intl formatters are costly to build and are asked once per checkout, bucket or filter: one per zone. */
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** Whether the runtime knows the IANA zone name. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    formatterFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function wallClock(ms: number, timeZone: string) {
  const parts: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(ms))) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return parts as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number>;
}

/** The zone's offset from UTC at an instant, in minutes (Bangkok +420). */
export function zoneOffsetMinutes(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(ms / 1000) * 1000) / 60_000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The calendar day in the zone at an instant (ms since the epoch or ISO 8601 text). */
export function localDayOf(instant: number | string, timeZone: string): Day {
  const ms = typeof instant === 'number' ? instant : Date.parse(instant);
  const w = wallClock(ms, timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The day `n` days after (or before, when negative) a calendar day. */
/** YYYY-MM of a local day: the month a tax document of that day is numbered and reported in. */
export const monthOfDay = (day: Day): string => day.slice(0, 7);

export function addDays(day: Day, n: number): Day {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/**
 * The instant (ISO 8601 UTC) a calendar day starts in the zone. Asked twice because the offset at local
 * midnight may differ from the offset at UTC midnight (a daylight-saving change between the two).
 */
export function startOfLocalDay(day: Day, timeZone: string): string {
  const midnightUtc = Date.parse(`${day}T00:00:00.000Z`);
  let start = midnightUtc - zoneOffsetMinutes(midnightUtc, timeZone) * 60_000;
  start = midnightUtc - zoneOffsetMinutes(start, timeZone) * 60_000;
  return new Date(start).toISOString();
}

/** [start, end) of the days from..to (both included) in the zone, as ISO 8601 UTC instants. */
export function localDayRange(from: Day, to: Day, timeZone: string): { start: string; end: string } {
  return { start: startOfLocalDay(from, timeZone), end: startOfLocalDay(addDays(to, 1), timeZone) };
}

/** The `count` days ending with today in the zone, oldest first. */
export function lastLocalDays(count: number, now: number, timeZone: string): Day[] {
  const today = localDayOf(now, timeZone);
  return Array.from({ length: count }, (_, index) => addDays(today, index - (count - 1)));
}

/** The UTC quarter hour an ISO 8601 UTC instant falls in, 'YYYY-MM-DDTHH:MM' (the consumption bucket). */
export function quarterHourOf(iso: string): string {
  const minute = Number(iso.slice(14, 16));
  return `${iso.slice(0, 14)}${pad(minute - (minute % 15))}`;
}
