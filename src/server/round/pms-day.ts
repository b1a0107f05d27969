import { localDayOf } from '../../shared/local-days';
import type { Db } from '../db/database';
import { createPmsRepo } from '../pms/pms.repo';
import type { PmsAnswer, PmsDay } from '../pms/pms-adapter';
import { adapterOf, pmsDispatcher } from '../pms/pms-poster';
import { createSettingsRepo } from '../settings/settings.repo';
import { importPmsStays } from './pms-stays';
import { dayWindow } from './round.repo';

/**
 * How long the PMS's day is kept (docs/decisions/244): the desk strip reads the round at every `round.changed`
 * and the Round page at each of its own, and each read of the PMS's day is three or four vendor calls (five with
 * Mews' names). A minute is as late as the round shows a guest checked in or out in the PMS; the Round page asks
 * again every few minutes anyway. The poster reads today's on the same minute (decision 248), so a round read
 * and the poster's share one read.
 */
export const pmsDayKeptMs = 60_000;

interface Kept {
  /** What the day was read under: the connection, the room map and the last posting outcome. */
  key: string;
  until: number;
  answer: Promise<PmsAnswer<PmsDay>>;
}

export interface PmsDayReader {
  /** How long a read is kept (pmsDayKeptMs): the poster reads today's as often. */
  keptMs: number;
  /** The PMS's day, or null when no PMS is connected. */
  read(day: string, timeZone: string): Promise<PmsAnswer<PmsDay> | null>;
  /** Today's, in the resort's time zone: what the poster reads on its schedule, so the stays follow the PMS. */
  readToday(): Promise<PmsAnswer<PmsDay> | null>;
}

export interface PmsDayReaderOptions {
  db: Db;
  /** WEBHOOK_ALLOWED_HOSTS: the addresses the PMS's URL may reach, as for the poster. */
  allowedHosts: readonly string[];
  /** The app's clock: what the day is kept by, which day is today, and when an imported stay changed. */
  now: () => number;
}

/**
 * The resort's day as the PMS says it, kept a minute a day; one reader an app server, shared by the round's
 * route and the PMS poster's schedule (app.ts). Read again before that when what it was read under changes: the
 * connection (saved again, another PMS), the room map, or a posting's outcome (the poster has just heard from
 * the PMS about a room: a guest checked out, a folio closed). The checks, payments and restocks the round joins
 * to it are the app's own and read fresh each time.
 *
 * Each successful read of today also brings the PMS's in-house guests into the stays (pms-stays.ts): once per
 * read of the PMS, never per request, and concurrent callers share the one read.
 */
export function createPmsDayReader({ db, allowedHosts, now }: PmsDayReaderOptions): PmsDayReader {
  const pms = createPmsRepo(db);
  const settings = createSettingsRepo(db);
  const dispatcher = pmsDispatcher(allowedHosts);
  const kept = new Map<string, Kept>();

  const keyOf = async (connection: { kind: string; updatedAt: string }) => {
    const { kysely } = db;
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

  const read: PmsDayReader['read'] = async (day, timeZone) => {
    const connection = await pms.get();
    if (!connection) return null;
    const key = await keyOf(connection);
    const at = now();
    for (const [d, k] of kept) if (k.until <= at) kept.delete(d);
    const held = kept.get(day);
    if (held && held.key === key) return held.answer;

    const answer = (async (): Promise<PmsAnswer<PmsDay>> => {
      // A stored secret this server's key does not open (decision 234) is the adapter's `credentials` failure:
      // the round goes on from the app's stays and says why.
      const opened = await pms.settings();
      if (!opened.ok) return opened;
      const dayRead = await adapterOf(opened.value, dispatcher).day(dayWindow(day, timeZone));
      if (dayRead.ok && day === localDayOf(now(), timeZone))
        await importPmsStays(db, connection.kind, dayRead.value, timeZone, new Date(now()).toISOString());
      return dayRead;
    })();
    const entry: Kept = { key, until: at + pmsDayKeptMs, answer };
    kept.set(day, entry);
    // A read that threw (the database) is not kept: the next caller tries again.
    answer.catch(() => {
      if (kept.get(day) === entry) kept.delete(day);
    });
    return answer;
  };

  return {
    keptMs: pmsDayKeptMs,
    read,
    async readToday() {
      const { timeZone } = await settings.read();
      return read(localDayOf(now(), timeZone), timeZone);
    },
  };
}
