import { localDayRange } from '../../shared/local-days';
import type { Round, RoundEntry, RoundState } from '../../shared/round-types';
import type { Db } from '../db/database';
import type { DayWindow, PmsDay, PmsStay } from '../pms/pms-adapter';

/**
 * The round's read model (DESIGN.md, "The departure round"): the day's rooms (the PMS's, or the app's own
 * stays) joined with the day's checks, postings, payments and restocks. One read, nothing stored: the round is
 * never a second copy of the stays or the checkouts.
 */

/** A bungalow's place in the day before its fridge is looked at. */
interface Placed {
  bungalow: number;
  guestName: string | null;
  from: string | null;
  to: string | null;
}

interface DayRooms {
  departures: Placed[];
  inHouse: Placed[];
  arrivals: Placed[];
}

/** The day's last check of a fridge: a checkout, or a check request answered "nothing missing". */
interface DayCheck {
  checkoutId: number | null;
  at: string;
  total: number;
  paidMethod: string | null;
  posting: { state: string; settleAtDesk: boolean } | null;
}

/**
 * Where a fridge stands. Housekeeping's last step, the restock after the check, ends it; before that the desk's
 * side: settled outside the PMS, paid, posted to the folio, or only checked. An arrival's fridge needs no check
 * (the room was empty), only its par.
 */
export function roundStateOf(
  check: DayCheck | undefined,
  restockedAt: string | undefined,
  arrival: boolean,
): RoundState {
  if (!check) return arrival && restockedAt ? 'restocked' : 'to_check';
  if (restockedAt && restockedAt >= check.at) return 'restocked';
  if (check.posting?.state === 'settled') return 'settled_outside';
  if (check.paidMethod && check.paidMethod !== 'room') return 'paid';
  if (check.posting?.state === 'posted') return 'posted';
  if (check.paidMethod) return 'paid';
  return 'checked';
}

const byTime = (key: 'from' | 'to') => (a: RoundEntry, b: RoundEntry) =>
  (a[key] ?? '').localeCompare(b[key] ?? '') || a.bungalow - b.bungalow;

export function createRoundRepo({ kysely }: Db) {
  /** The open stays' guests, by bungalow: the name the PMS did not give (Mews) and the stays' own day. */
  const openStays = () =>
    kysely
      .selectFrom('stays')
      .select(['bungalow', 'guest_name', 'check_out_on', 'checked_in_at'])
      .where('checked_out_at', 'is', null)
      .execute();

  return {
    /** The day's rooms from the app's own stays: who is due out (or left) that day, who stays. No arrivals. */
    async roomsFromStays(day: string, timeZone: string): Promise<DayRooms> {
      const { start, end } = localDayRange(day, day, timeZone);
      const open = await openStays();
      const left = await kysely
        .selectFrom('stays')
        .select(['bungalow', 'guest_name', 'check_out_on', 'checked_in_at', 'checked_out_at'])
        .where('checked_out_at', '>=', start)
        .where('checked_out_at', '<', end)
        .execute();
      const placed = (
        s: { bungalow: number; guest_name: string; checked_in_at: string },
        to: string | null,
      ) => ({
        bungalow: s.bungalow,
        guestName: s.guest_name,
        from: s.checked_in_at,
        to,
      });
      // Due out that day or before (still in: the desk has not closed the stay): a departure.
      const due = (s: { check_out_on: string | null }) => s.check_out_on !== null && s.check_out_on <= day;
      return {
        departures: [
          ...open.filter(due).map((s) => placed(s, s.check_out_on)),
          ...left.map((s) => placed(s, s.checked_out_at)),
        ],
        inHouse: open.filter((s) => !due(s)).map((s) => placed(s, s.check_out_on)),
        arrivals: [],
      };
    },

    /** The PMS's day on the bungalows its rooms are mapped to (a room not mapped is not the app's). */
    async roomsFromPms(pms: PmsDay): Promise<DayRooms> {
      const map = await kysely.selectFrom('pms_room_map').select(['bungalow', 'room_id']).execute();
      const bungalowOf = new Map(map.map((m) => [m.room_id, m.bungalow]));
      const names = new Map((await openStays()).map((s) => [s.bungalow, s.guest_name]));
      const placed = (stays: PmsStay[]): Placed[] =>
        stays.flatMap((s) => {
          const bungalow = bungalowOf.get(s.roomId);
          if (bungalow === undefined) return [];
          return [
            { bungalow, guestName: s.guestName ?? names.get(bungalow) ?? null, from: s.from, to: s.to },
          ];
        });
      return {
        departures: placed(pms.departures),
        inHouse: placed(pms.inHouse),
        arrivals: placed(pms.arrivals),
      };
    },

    /** The rooms with their fridges' state: each bungalow's last check, posting, payment and restock that day. */
    async round(
      day: string,
      timeZone: string,
      rooms: DayRooms,
      source: Round['source'],
      pmsError: string | null,
    ): Promise<Round> {
      const { start, end } = localDayRange(day, day, timeZone);
      const bungalows = [
        ...new Set([...rooms.departures, ...rooms.inHouse, ...rooms.arrivals].map((r) => r.bungalow)),
      ];
      const checks = new Map<number, DayCheck>();
      const restocked = new Map<number, string>();
      if (bungalows.length > 0) {
        const checkouts = await kysely
          .selectFrom('checkouts')
          .leftJoin('pms_postings', 'pms_postings.checkout_id', 'checkouts.id')
          .select([
            'checkouts.id',
            'checkouts.bungalow',
            'checkouts.created_at',
            'checkouts.total',
            'checkouts.paid_method',
            'pms_postings.state',
            'pms_postings.settle_at_desk',
          ])
          .where('checkouts.bungalow', 'in', bungalows)
          .where('checkouts.created_at', '>=', start)
          .where('checkouts.created_at', '<', end)
          .where('checkouts.voided_at', 'is', null)
          .orderBy('checkouts.created_at')
          .orderBy('checkouts.id')
          .execute();
        for (const c of checkouts)
          checks.set(c.bungalow, {
            checkoutId: c.id,
            at: c.created_at,
            total: c.total,
            paidMethod: c.paid_method,
            posting: c.state ? { state: c.state, settleAtDesk: Number(c.settle_at_desk) === 1 } : null,
          });
        const nothingMissing = await kysely
          .selectFrom('check_requests')
          .select(['bungalow', 'done_at'])
          .where('bungalow', 'in', bungalows)
          .where('outcome', '=', 'nothing-missing')
          .where('done_at', '>=', start)
          .where('done_at', '<', end)
          .execute();
        for (const r of nothingMissing) {
          const known = checks.get(r.bungalow);
          if (r.done_at && (!known || known.at < r.done_at))
            checks.set(r.bungalow, {
              checkoutId: null,
              at: r.done_at,
              total: 0,
              paidMethod: null,
              posting: null,
            });
        }
        const restocks = await kysely
          .selectFrom('restocks')
          .select(['bungalow', 'restocked_at'])
          .where('bungalow', 'in', bungalows)
          .where('restocked_at', '>=', start)
          .where('restocked_at', '<', end)
          .execute();
        for (const r of restocks)
          if ((restocked.get(r.bungalow) ?? '') < r.restocked_at) restocked.set(r.bungalow, r.restocked_at);
      }
      const entries = (placed: Placed[], arrival: boolean): RoundEntry[] =>
        placed.map((p) => {
          const check = checks.get(p.bungalow);
          return {
            ...p,
            state: roundStateOf(check, restocked.get(p.bungalow), arrival),
            amount: check ? check.total : null,
            checkoutId: check?.checkoutId ?? null,
            settleAtDesk:
              check?.posting?.state === 'failed' && check.posting.settleAtDesk && !check.paidMethod,
          };
        });
      return {
        day,
        source,
        pmsError,
        departures: entries(rooms.departures, false).sort(byTime('to')),
        inHouse: entries(rooms.inHouse, false).sort((a, b) => a.bungalow - b.bungalow),
        arrivals: entries(rooms.arrivals, true).sort(byTime('from')),
      };
    },
  };
}

/** The resort's day as UTC instants, for a PMS that filters by time. */
export function dayWindow(day: string, timeZone: string): DayWindow {
  const { start, end } = localDayRange(day, day, timeZone);
  return { day, startUtc: start, endUtc: end };
}
