import { type Selectable, sql } from 'kysely';
import type { BungalowState, Stay, StaySource } from '../../shared/staff-types';
import type { StayValues } from '../../shared/stay-schemas';
import {
  type AuditEntry,
  appendAudit,
  type Change,
  changedFields,
  changedNothing,
  subject,
} from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { guestFor, guestTokens } from '../privacy/guest-data';

const stayColumns = [
  'id',
  'bungalow',
  'guest_name',
  'guest_email',
  'check_out_on',
  'checked_in_at',
  'checked_out_at',
  'source',
  'pms_reservation_id',
] as const;

/** An imported stay's origin: the PMS, its reservation, and when the guest arrived by it. */
export interface StayFromPms {
  source: Exclude<StaySource, 'app'>;
  reservationId: string;
  checkedInAt: string;
}

const toStay = (row: Pick<Selectable<Database['stays']>, (typeof stayColumns)[number]>): Stay => ({
  id: row.id,
  bungalow: row.bungalow,
  guestName: row.guest_name,
  guestEmail: row.guest_email,
  checkOutOn: row.check_out_on,
  checkedInAt: row.checked_in_at,
  checkedOutAt: row.checked_out_at,
  source: row.source as StaySource,
  pmsReservationId: row.pms_reservation_id,
});

/** A change to a stay: the desk's (a person), or the PMS import's (the app itself). */
export type StayChange = Omit<Change, 'actor'> & { actor: AuditEntry['actor'] };

/** Most past stays one bungalow lists at once, newest first. */
export const pastStaysMax = 100;

export function createBungalowsRepo({ kysely }: Db) {
  return {
    /**
     * The settings' bungalows and any other with an open stay or a checkout, each with its open stay. The
     * bungalows with checkouts are read by a loose index scan (one seek per distinct bungalow on the
     * bungalow index), never by reading every checkout.
     */
    async list(listed: readonly number[]): Promise<Omit<BungalowState, 'stayOwnedBy'>[]> {
      const open = await kysely
        .selectFrom('stays')
        .select(stayColumns)
        .where('checked_out_at', 'is', null)
        .execute();
      const withCheckouts = await sql<{ bungalow: number | null }>`
        with recursive seen(bungalow) as (
          select min(bungalow) from checkouts
          union all
          select (select min(c.bungalow) from checkouts c where c.bungalow > seen.bungalow)
          from seen where seen.bungalow is not null
        )
        select bungalow from seen where bungalow is not null`.execute(kysely);
      const stays = new Map(open.map((row) => [row.bungalow, toStay(row)]));
      const numbers = new Set<number>([
        ...listed,
        ...stays.keys(),
        ...withCheckouts.rows.map((row) => Number(row.bungalow)),
      ]);
      const inSettings = new Set(listed);
      return [...numbers]
        .sort((a, b) => a - b)
        .map((bungalow) => ({
          bungalow,
          listed: inSettings.has(bungalow),
          stay: stays.get(bungalow) ?? null,
        }));
    },

    /**
     * Whether a checkout of the bungalow would find a guest (its open stay, or the spec's Guest record), so the
     * page can say 'Guest information not found' before sending, as the spec does. Only a yes or no: public.
     */
    async guestOnFile(bungalow: number): Promise<boolean> {
      const stay = await kysely
        .selectFrom('stays')
        .select('id')
        .where('bungalow', '=', bungalow)
        .where('checked_out_at', 'is', null)
        .executeTakeFirst();
      if (stay) return true;
      return (await kysely.selectFrom('Guest').select('id').limit(1).executeTakeFirst()) !== undefined;
    },

    /** The bungalow's open stay, if a guest is checked in. */
    async openStay(bungalow: number): Promise<Stay | undefined> {
      const row = await kysely
        .selectFrom('stays')
        .select(stayColumns)
        .where('bungalow', '=', bungalow)
        .where('checked_out_at', 'is', null)
        .executeTakeFirst();
      return row ? toStay(row) : undefined;
    },

    /** Every stay of a bungalow, newest first: the open one (if any) and the past ones. */
    async stays(bungalow: number): Promise<Stay[]> {
      const rows = await kysely
        .selectFrom('stays')
        .select(stayColumns)
        .where('bungalow', '=', bungalow)
        .orderBy('checked_in_at', 'desc')
        .orderBy('id', 'desc')
        .limit(pastStaysMax)
        .execute();
      return rows.map(toStay);
    },

    /**
     * Opens the bungalow's stay, or updates the open one, in one statement: the partial unique index on open
     * stays is the conflict target, so two check-ins at once leave one open stay (the later write's guest).
     */
    async putStay(
      bungalow: number,
      input: StayValues,
      change: StayChange,
      fromPms?: StayFromPms,
    ): Promise<{ stay: Stay; opened: boolean }> {
      return kysely.transaction().execute(async (trx) => {
        // For the status code (201 or 200) and the audit's before; the upsert below decides what is stored.
        const before = await trx
          .selectFrom('stays')
          .select(stayColumns)
          .where('bungalow', '=', bungalow)
          .where('checked_out_at', 'is', null)
          .executeTakeFirst();
        const at = change.at;
        const pmsColumns = fromPms
          ? { source: fromPms.source, pms_reservation_id: fromPms.reservationId }
          : {};
        const beforeGuest = before
          ? ((await trx.selectFrom('stays').select('guest_id').where('id', '=', before.id).executeTakeFirst())
              ?.guest_id ?? null)
          : null;
        const guestId = await guestFor(
          trx,
          { name: input.guestName, email: input.guestEmail },
          at,
          beforeGuest,
        );
        const row = await trx
          .insertInto('stays')
          .values({
            bungalow,
            guest_name: input.guestName,
            guest_email: input.guestEmail,
            check_out_on: input.checkOutOn,
            checked_in_at: fromPms?.checkedInAt ?? at,
            checked_out_at: null,
            guest_id: guestId,
            ...pmsColumns,
          })
          .onConflict((oc) =>
            oc
              .column('bungalow')
              .where('checked_out_at', 'is', null)
              .doUpdateSet({
                guest_name: input.guestName,
                guest_email: input.guestEmail,
                check_out_on: input.checkOutOn,
                guest_id: guestId,
                // The desk's edit of an imported stay (its email) leaves it the PMS's; an import adopts the stay.
                ...pmsColumns,
              }),
          )
          .returning(stayColumns)
          .executeTakeFirstOrThrow();
        const stay = toStay(row);
        const opened = before?.id !== row.id;
        const fields = (s: Stay) => ({
          guestName: s.guestName,
          guestEmail: s.guestEmail,
          checkOutOn: s.checkOutOn,
        });
        const changed =
          opened || !before ? { after: fields(stay) } : changedFields(fields(toStay(before)), fields(stay));
        if (!changedNothing(changed)) {
          // The audit holds tokens, never the values (docs/decisions/120).
          const sealed = async (part: Partial<ReturnType<typeof fields>>, guest: number) => ({
            ...part,
            ...(await guestTokens(trx, guest, { guestName: part.guestName, guestEmail: part.guestEmail })),
          });
          await appendAudit(trx, {
            ...change,
            action: opened ? 'stay.opened' : 'stay.changed',
            subject: subject('stay', stay.id),
            details: {
              bungalow,
              ...(fromPms ? { source: fromPms.source } : {}),
              ...('before' in changed
                ? { before: await sealed(changed.before, beforeGuest ?? guestId) }
                : {}),
              after: await sealed(changed.after, guestId),
            },
          });
        }
        return { stay, opened };
      });
    },

    /** Ends the open stay (kept, never deleted); undefined when the bungalow has none. */
    async endStay(bungalow: number, change: StayChange): Promise<Stay | undefined> {
      return kysely.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('stays')
          .set({ checked_out_at: change.at })
          .where('bungalow', '=', bungalow)
          .where('checked_out_at', 'is', null)
          .returning([...stayColumns, 'guest_id'])
          .executeTakeFirst();
        if (!row) return undefined;
        const stay = toStay(row);
        if (row.guest_id !== null) {
          // Retention counts from the guest's last stay's end.
          await trx
            .updateTable('guests')
            .set({ changed_at: change.at })
            .where('id', '=', row.guest_id)
            .execute();
        }
        await appendAudit(trx, {
          ...change,
          action: 'stay.closed',
          subject: subject('stay', stay.id),
          details: {
            bungalow,
            ...(row.guest_id !== null
              ? await guestTokens(trx, row.guest_id, { guestName: stay.guestName })
              : {}),
          },
        });
        return stay;
      });
    },
  };
}
