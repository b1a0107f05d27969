import { addDays, type Day, localDayOf, zoneOffsetMinutes } from '../../shared/local-days';

/**
 * When the daily backup falls: BACKUP_AT (HH:MM) on the resort's clock, in the settings' time zone. Pure
 * functions of an instant, so a test moves the clock instead of waiting for 03:00.
 */

/** The instant (ms) a calendar day's `at` (HH:MM) falls in the zone; asked twice for a daylight-saving day. */
export function localTimeOn(day: Day, at: string, timeZone: string): number {
  const [hours, minutes] = at.split(':').map(Number);
  const wall = Date.parse(`${day}T00:00:00.000Z`) + ((hours ?? 0) * 60 + (minutes ?? 0)) * 60_000;
  let instant = wall - zoneOffsetMinutes(wall, timeZone) * 60_000;
  instant = wall - zoneOffsetMinutes(instant, timeZone) * 60_000;
  return instant;
}

/** The latest daily backup time at or before `now` (ms). */
export function lastBackupTime(now: number, at: string, timeZone: string): number {
  const today = localDayOf(now, timeZone);
  const todays = localTimeOn(today, at, timeZone);
  return todays <= now ? todays : localTimeOn(addDays(today, -1), at, timeZone);
}

/** The first daily backup time after `now` (ms). */
export function nextBackupTime(now: number, at: string, timeZone: string): number {
  const today = localDayOf(now, timeZone);
  const todays = localTimeOn(today, at, timeZone);
  return todays > now ? todays : localTimeOn(addDays(today, 1), at, timeZone);
}
