import type { Db } from './db/database';

/**
 * The server's wall clock for everything it records: the system's clock, except that it never goes back. When
 * the system's clock is stepped back (an NTP correction, a host's clock set by hand), it runs on from where it
 * was at the pace of the monotonic clock until the system's clock catches up; a step forward is taken at once.
 * So an audit event is never stamped before the one it follows, and a tax document never falls into a month
 * before one already numbered (DESIGN.md, "Faults survived"; docs/decisions/191). `floor` is the latest instant
 * the database holds, for a server started while the clock is behind it.
 */
export function createWallClock(
  floor = 0,
  system: () => number = Date.now,
  monotonic = () => performance.now(),
) {
  let anchorWall = Math.max(system(), floor);
  let anchorMonotonic = monotonic();
  return (): number => {
    const wall = system();
    const elapsed = monotonic() - anchorMonotonic;
    const running = Math.floor(anchorWall + elapsed);
    if (wall >= running) {
      anchorWall = wall;
      anchorMonotonic += elapsed;
      return wall;
    }
    return running;
  };
}

/** The latest instant the audit holds (every write appends to it), or 0 for an empty one. */
export async function latestRecordedMs({ kysely }: Db): Promise<number> {
  const row = await kysely
    .selectFrom('audit_events')
    .select((eb) => eb.fn.max('at').as('at'))
    .executeTakeFirst();
  const at = row?.at ? Date.parse(String(row.at)) : Number.NaN;
  return Number.isNaN(at) ? 0 : at;
}
