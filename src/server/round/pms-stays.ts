import type { AuditActor } from '../../shared/audit-types';
import { limits } from '../../shared/constants';
import { localDayOf, localDayRange } from '../../shared/local-days';
import type { PmsKind } from '../../shared/pms-types';
import { createBungalowsRepo, type StayChange } from '../bungalows/bungalows.repo';
import type { Db } from '../db/database';
import type { PmsDay, PmsStay } from '../pms/pms-adapter';

/** Who opens, changes and ends an imported stay in the audit. */
export const pmsStaysActor: AuditActor = {
  id: null,
  name: 'PMS in-house import',
  role: 'system',
  device: null,
};

/** A guest the PMS answered no name for (a Mews reservation owned by a company, a customer without one). */
export const unnamedGuest = (reservationId: string) => `Guest of reservation ${reservationId}`;

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * The PMS's in-house guests as the app's stays (DESIGN.md, "The day's rooms from the PMS"; decision 244): every
 * reservation checked in now, in a mapped room, is its bungalow's open stay with the guest's name, the
 * reservation's check-out day and its id. Run on the day's first read of the PMS (cached, round/pms-day.ts);
 * idempotent: a stay already as the PMS says is left alone, so a repeat writes nothing.
 *
 * - No open stay: one is opened (`stay.opened`, by the import).
 * - The same reservation's stay: its name and check-out day follow the PMS (`stay.changed`); the email the desk
 *   added stays.
 * - The desk's own stay for the same guest (same name): adopted, email and all. Anyone else's open stay in that
 *   bungalow: ended (the PMS says who is in), then the PMS's guest's opened.
 * - A stay imported from this PMS whose reservation is no longer checked in: ended, never deleted.
 */
export async function importPmsStays(
  db: Db,
  kind: PmsKind,
  pmsDay: PmsDay,
  timeZone: string,
  at: string,
): Promise<void> {
  const bungalows = createBungalowsRepo(db);
  const map = await db.kysely.selectFrom('pms_room_map').select(['bungalow', 'room_id']).execute();
  const bungalowOf = new Map(map.map((m) => [m.room_id, m.bungalow]));
  const change: StayChange = { actor: pmsStaysActor, at };

  // Checked in now: the day's departures not yet gone and the stays past the day, one a bungalow.
  const inHouse = new Map<number, PmsStay>();
  for (const stay of [...pmsDay.departures, ...pmsDay.inHouse]) {
    const bungalow = bungalowOf.get(stay.roomId);
    if (stay.checkedIn && bungalow !== undefined && !inHouse.has(bungalow)) inHouse.set(bungalow, stay);
  }

  const open = await db.kysely
    .selectFrom('stays')
    .select(['bungalow', 'source', 'pms_reservation_id'])
    .where('checked_out_at', 'is', null)
    .execute();
  for (const stay of open) {
    const still = inHouse.get(stay.bungalow);
    if (stay.source === kind && still?.reservationId !== stay.pms_reservation_id)
      await bungalows.endStay(stay.bungalow, change);
  }

  for (const [bungalow, stay] of inHouse) {
    const guestName = (stay.guestName?.trim() || unnamedGuest(stay.reservationId)).slice(
      0,
      limits.guestNameMax,
    );
    const checkOutOn = isDay(stay.to) ? stay.to : localDayOf(stay.to, timeZone);
    const checkedInAt = isDay(stay.from)
      ? localDayRange(stay.from, stay.from, timeZone).start
      : new Date(Date.parse(stay.from)).toISOString();
    const current = await bungalows.openStay(bungalow);
    const same = current?.source === kind && current.pmsReservationId === stay.reservationId;
    if (same && current.guestName === guestName && current.checkOutOn === checkOutOn) continue;
    const sameGuest =
      current?.source === 'app' && current.guestName.trim().toLowerCase() === guestName.toLowerCase();
    if (current && !same && !sameGuest) await bungalows.endStay(bungalow, change);
    await bungalows.putStay(
      bungalow,
      { guestName, guestEmail: same || sameGuest ? (current?.guestEmail ?? null) : null, checkOutOn },
      change,
      { source: kind, reservationId: stay.reservationId, checkedInAt },
    );
  }
}
