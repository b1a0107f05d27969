import { localDayOf } from '../../shared/local-days';
import type { AppDeps } from '../deps';
import { createPmsRepo } from '../pms/pms.repo';
import type { PmsAnswer, PmsDay } from '../pms/pms-adapter';
import { adapterOf, pmsDispatcher } from '../pms/pms-poster';
import { importPmsStays } from './pms-stays';
import { dayWindow } from './round.repo';

/**
 * How long the PMS's day is kept (docs/decisions/244): the desk strip reads the round at every `round.changed`
 * and the Round page at each of its own, and each read of the PMS's day is three or four vendor calls (five with
 * Mews' names). A minute is as late as the round shows a guest checked in or out in the PMS; the Round page asks
 * again every few minutes anyway.
 */
export const pmsDayKeptMs = 60_000;

interface Kept {
  /** What the day was read under: the connection, the room map and the last posting outcome. */
  key: string;
  until: number;
  answer: Promise<PmsAnswer<PmsDay>>;
}

/**
 * The resort's day as the PMS says it, kept a minute a day. Read again before that when what it was read under
 * changes: the connection (saved again, another PMS), the room map, or a posting's outcome (the poster has just
 * heard from the PMS about a room: a guest checked out, a folio closed). The checks, payments and restocks the
 * round joins to it are the app's own and read fresh each time.
 *
 * The day's first read of today also brings the PMS's in-house guests into the stays (pms-stays.ts): the import
 * runs once per read of the PMS, never per request, and concurrent requests share the one read.
 */
export function createPmsDayReader(deps: AppDeps) {
  const pms = createPmsRepo(deps.db);
  const dispatcher = pmsDispatcher(deps.config.webhooks.allowedHosts);
  const kept = new Map<string, Kept>();

  const keyOf = async (connection: { kind: string; updatedAt: string }) => {
    const { kysely } = deps.db;
    const map = await kysely
      .selectFrom('pms_room_map')
      .select(['bungalow', 'room_id'])
      .orderBy('bungalow')
      .execute();
    const posting = await kysely
      .selectFrom('pms_postings')
      .select((eb) => eb.fn.max('updated_at').as('at'))
      .executeTakeFirst();
    return JSON.stringify([
      connection.kind,
      connection.updatedAt,
      posting?.at ?? null,
      map.map((m) => [m.bungalow, m.room_id]),
    ]);
  };

  return {
    /** The PMS's day, or null when no PMS is connected. */
    async read(day: string, timeZone: string): Promise<PmsAnswer<PmsDay> | null> {
      const connection = await pms.get();
      if (!connection) return null;
      const key = await keyOf(connection);
      const now = deps.now();
      for (const [d, k] of kept) if (k.until <= now) kept.delete(d);
      const held = kept.get(day);
      if (held && held.key === key) return held.answer;

      const answer = (async () => {
        // A stored secret this server's key does not open (decision 234) is the adapter's `credentials` failure:
        // the round goes on from the app's stays and says why.
        const opened = await pms.settings();
        if (!opened.ok) return opened;
        const read = await adapterOf(opened.value, dispatcher).day(dayWindow(day, timeZone));
        if (read.ok && day === localDayOf(deps.now(), timeZone))
          await importPmsStays(
            deps.db,
            connection.kind,
            read.value,
            timeZone,
            new Date(deps.now()).toISOString(),
          );
        return read;
      })();
      const entry: Kept = { key, until: now + pmsDayKeptMs, answer };
      kept.set(day, entry);
      // A read that threw (the database) is not kept: the next request tries again.
      answer.catch(() => {
        if (kept.get(day) === entry) kept.delete(day);
      });
      return answer;
    },
  };
}
