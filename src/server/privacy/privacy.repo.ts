import { sql } from 'kysely';
import type { AuditActor } from '../../shared/audit-types';
import {
  erasedGuestName,
  type GuestErased,
  guestRefOf,
  type PrivacyGuest,
  retentionReason,
} from '../../shared/privacy';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import { auditColumns, eventOf } from '../audit/audit-rows';
import type { Db } from '../db/database';
import { likeContains } from '../db/like';
import { buyerOf } from '../tax/tax-documents';
import { checkpointWal, revealGuestValues } from './guest-data';
import { eraseHeldBuyers, legalHoldUntil } from './legal-hold';
import { eraseFromStaffTexts, staffTextToken, withoutValues } from './staff-texts';

/** Most guests one search answers. */
const searchMax = 50;

/** The app erasing by itself (retention), as the audit names it. */
export const retentionActor: AuditActor = { id: null, name: 'Retention', role: 'system', device: null };

export function createPrivacyRepo({ kysely, dialect }: Db) {
  async function staysOf(ids: number[]) {
    if (ids.length === 0) return [];
    return kysely
      .selectFrom('stays')
      .select(['guest_id', 'bungalow', 'checked_in_at', 'checked_out_at'])
      .where('guest_id', 'in', ids)
      .orderBy('checked_in_at')
      .orderBy('id')
      .execute();
  }

  /** One guest's erasure, in one transaction: the values go, every figure stays. */
  async function erase(
    guestId: number,
    reason: string,
    change: Change | { actor: AuditActor; at: string },
  ): Promise<GuestErased | undefined> {
    const result = await kysely.transaction().execute(async (trx) => {
      const guest = await trx
        .selectFrom('guests')
        .select(['id', 'name', 'email'])
        .where('id', '=', guestId)
        .$if(dialect === 'postgres', (qb) => qb.forUpdate())
        .executeTakeFirst();
      if (!guest) return undefined;
      // Every spelling the guest had, for the reason's sake.
      const names = await trx
        .selectFrom('stays')
        .select(['guest_name as value'])
        .where('guest_id', '=', guestId)
        .union(trx.selectFrom('checkouts').select('guest_name as value').where('guest_id', '=', guestId))
        .union(
          trx
            .selectFrom('stays')
            .select((eb) => eb.fn.coalesce('guest_email', sql<string>`''`).as('value'))
            .where('guest_id', '=', guestId),
        )
        .union(trx.selectFrom('guest_values').select('value').where('guest_id', '=', guestId))
        .execute();
      const values = [guest.name ?? '', guest.email ?? '', ...names.map((row) => row.value)].filter(
        (value) => value !== erasedGuestName,
      );

      // The staff's free text naming the guest (a void's reason): the names and email go from it (decision 168).
      await eraseFromStaffTexts(trx, values);
      const stays = await trx
        .updateTable('stays')
        .set({ guest_name: erasedGuestName, guest_email: null })
        .where('guest_id', '=', guestId)
        .executeTakeFirst();
      const checkouts = await trx
        .updateTable('checkouts')
        .set({ guest_name: erasedGuestName })
        .where('guest_id', '=', guestId)
        .executeTakeFirst();
      // The spec's Guest record is this guest's values and nothing else: it goes (a checkout with no stay then
      // says 'Guest information not found', as for a resort that never saved one).
      await trx.deleteFrom('Guest').where('guest_id', '=', guestId).execute();
      await trx.deleteFrom('guest_values').where('guest_id', '=', guestId).execute();
      await trx
        .updateTable('guests')
        .set({
          name: null,
          name_key: null,
          email: null,
          email_key: null,
          commit_key: null,
          erased_at: change.at,
          erase_reason: reason === retentionReason ? reason : 'request',
        })
        .where('id', '=', guestId)
        .execute();
      // Full invoices' buyer blocks stay for their legal 5 years; those already past them go now.
      const at = Date.parse(change.at);
      await eraseHeldBuyers(trx, at, guestId);
      const held = (await legalHoldUntil(trx, [guestId], at)).get(guestId) ?? null;
      const erased: GuestErased = {
        guestRef: guestRefOf(guestId),
        erased: { stays: Number(stays.numUpdatedRows), checkouts: Number(checkouts.numUpdatedRows) },
        legalHoldUntil: held,
      };
      await appendAudit(trx, {
        ...change,
        action: 'guest.erased',
        subject: subject('guest', erased.guestRef),
        // The reason beside the chain too: a later erase of someone it names takes them out of it (decision 168).
        details: {
          reason: await staffTextToken(trx, withoutValues(reason, values)),
          ...erased.erased,
          legalHoldUntil: held,
        },
      });
      return erased;
    });
    // The old pages of the erased rows leave the WAL for the file, where secure_delete zeroed them.
    if (result && dialect === 'sqlite') await checkpointWal(kysely);
    return result;
  }

  return {
    async search(q: string, now: number): Promise<PrivacyGuest[]> {
      const pattern = likeContains(q.toLowerCase());
      const guests = await kysely
        .selectFrom('guests as g')
        .select(['g.id', 'g.name', 'g.email'])
        .where('g.erased_at', 'is', null)
        .where((eb) =>
          eb.or([
            sql<boolean>`lower(g.name) like ${pattern} escape '!'`,
            sql<boolean>`g.email_key like ${pattern} escape '!'`,
            eb.exists(
              eb
                .selectFrom('stays as s')
                .select('s.id')
                .whereRef('s.guest_id', '=', 'g.id')
                .where(
                  sql<boolean>`(lower(s.guest_name) like ${pattern} escape '!' or lower(s.guest_email) like ${pattern} escape '!')`,
                ),
            ),
          ]),
        )
        .orderBy('g.id', 'desc')
        .limit(searchMax)
        .execute();
      const ids = guests.map((guest) => Number(guest.id));
      const [stays, counts, holds] = await Promise.all([
        staysOf(ids),
        ids.length === 0
          ? Promise.resolve([])
          : kysely
              .selectFrom('checkouts')
              .select(['guest_id', (eb) => eb.fn.countAll<number>().as('count')])
              .where('guest_id', 'in', ids)
              .groupBy('guest_id')
              .execute(),
        legalHoldUntil(kysely, ids, now),
      ]);
      return guests.map((guest) => ({
        guestRef: guestRefOf(Number(guest.id)),
        name: guest.name ?? erasedGuestName,
        email: guest.email,
        stays: stays
          .filter((stay) => Number(stay.guest_id) === Number(guest.id))
          .map((stay) => ({
            bungalow: stay.bungalow,
            openedAt: stay.checked_in_at,
            closedAt: stay.checked_out_at,
          })),
        checkouts: Number(counts.find((row) => Number(row.guest_id) === Number(guest.id))?.count ?? 0),
        legalHoldUntil: holds.get(Number(guest.id)) ?? null,
      }));
    },

    /** An export on record (sixth stage): who asked and when, with no personal data in the event. */
    async recordExport(guestId: number, format: string, change: Change) {
      await kysely.transaction().execute((trx) =>
        appendAudit(trx, {
          ...change,
          action: 'guest.exported',
          subject: subject('guest', guestRefOf(guestId)),
          details: { format },
        }),
      );
    },

    /** Everything held about one guest, with the audit's values revealed; undefined when unknown. */
    async export(guestId: number) {
      const guest = await kysely
        .selectFrom('guests')
        .select(['id', 'name', 'email', 'created_at', 'changed_at', 'erased_at'])
        .where('id', '=', guestId)
        .executeTakeFirst();
      if (!guest) return undefined;
      const ref = guestRefOf(guestId);
      const [guestRecord, stays, checkouts] = await Promise.all([
        kysely.selectFrom('Guest').select(['id', 'name', 'email']).where('guest_id', '=', guestId).execute(),
        kysely
          .selectFrom('stays')
          .select([
            'id',
            'bungalow',
            'guest_name',
            'guest_email',
            'check_out_on',
            'checked_in_at',
            'checked_out_at',
          ])
          .where('guest_id', '=', guestId)
          .orderBy('id')
          .execute(),
        kysely
          .selectFrom('checkouts')
          .select([
            'id',
            'bungalow',
            'created_at',
            'guest_name',
            'total',
            'voided_at',
            'void_reason',
            'stay_id',
            'revised_at',
            'paid_method',
            'paid_at',
            'late_charge',
          ])
          .where('guest_id', '=', guestId)
          .orderBy('id')
          .execute(),
      ]);
      const checkoutIds = checkouts.map((row) => row.id);
      const [lines, payments, revisions, documents] =
        checkoutIds.length === 0
          ? [[], [], [], []]
          : await Promise.all([
              kysely
                .selectFrom('checkout_lines')
                .select(['checkout_id', 'drink_id', 'drink_name', 'quantity', 'unit_price', 'line_total'])
                .where('checkout_id', 'in', checkoutIds)
                .orderBy('id')
                .execute(),
              kysely
                .selectFrom('checkout_payments')
                .select(['checkout_id', 'method', 'recorded_at', 'recorded_by'])
                .where('checkout_id', 'in', checkoutIds)
                .orderBy('id')
                .execute(),
              kysely
                .selectFrom('checkout_revisions')
                .select(['checkout_id', 'recorded_at', 'replaced_at', 'total', 'lines'])
                .where('checkout_id', 'in', checkoutIds)
                .orderBy('id')
                .execute(),
              kysely
                .selectFrom('tax_documents')
                .selectAll()
                .where('checkout_id', 'in', checkoutIds)
                .orderBy('id')
                .execute(),
            ]);
      // Events about the guest: their token's reference, or the guest as the subject (guest.erased).
      const eventRows = await kysely
        .selectFrom('audit_events')
        .select(auditColumns)
        .where((eb) =>
          eb.or([
            eb('details', 'like', `%"guest":"${ref}"%`),
            eb.and([eb('subject_type', '=', 'guest'), eb('subject_id', '=', ref)]),
          ]),
        )
        .orderBy('seq')
        .execute();
      const events = eventRows.map(eventOf);
      const details = await revealGuestValues(
        kysely,
        events.map((event) => event.details),
        ref,
      );
      return {
        guestRef: ref,
        exportedAt: new Date().toISOString(),
        guest: {
          name: guest.name ?? erasedGuestName,
          email: guest.email,
          createdAt: guest.created_at,
          changedAt: guest.changed_at,
          erasedAt: guest.erased_at,
        },
        guestRecord: guestRecord.map((row) => ({ id: row.id, name: row.name, email: row.email })),
        stays: stays.map((row) => ({
          id: row.id,
          bungalow: row.bungalow,
          guestName: row.guest_name,
          guestEmail: row.guest_email,
          checkOutOn: row.check_out_on,
          openedAt: row.checked_in_at,
          closedAt: row.checked_out_at,
        })),
        checkouts: checkouts.map((row) => ({
          id: row.id,
          bungalow: row.bungalow,
          createdAt: row.created_at,
          guestName: row.guest_name,
          total: row.total,
          stayId: row.stay_id,
          lateCharge: row.late_charge === 1,
          voidedAt: row.voided_at,
          voidReason: row.void_reason,
          revisedAt: row.revised_at,
          payment: row.paid_method ? { method: row.paid_method, paidAt: row.paid_at } : null,
          lines: lines
            .filter((line) => line.checkout_id === row.id)
            .map((line) => ({
              drinkId: line.drink_id,
              drinkName: line.drink_name,
              quantity: line.quantity,
              unitPrice: line.unit_price,
              lineTotal: line.line_total,
            })),
          payments: payments
            .filter((payment) => payment.checkout_id === row.id)
            .map((payment) => ({
              method: payment.method,
              recordedAt: payment.recorded_at,
              recordedBy: payment.recorded_by,
            })),
          revisions: revisions
            .filter((revision) => revision.checkout_id === row.id)
            .map((revision) => ({
              recordedAt: revision.recorded_at,
              replacedAt: revision.replaced_at,
              total: revision.total,
              lines: JSON.parse(revision.lines) as unknown,
            })),
          documents: documents
            .filter((document) => document.checkout_id === row.id)
            .map((document) => ({
              number: document.number,
              type: document.type,
              status: document.status,
              issuedAt: document.issued_at,
              vat: document.vat,
              net: document.net,
              replaces: document.replaces,
              replacedBy: document.replaced_by,
              reason: document.reason,
              buyer: buyerOf(document),
            })),
        })),
        auditEvents: events.map((event, i) => ({ ...event, details: details[i] ?? event.details })),
      };
    },

    erase,

    /**
     * Retention (DESIGN.md): every guest unchanged for `days` whose stays all ended that long ago (and who has
     * no open stay) is erased, reason `retention`; the spec's Guest record's guest too, by the same rule.
     */
    async eraseExpired(days: number, now: number): Promise<number> {
      const cutoff = new Date(now - days * 86_400_000).toISOString();
      const due = await kysely
        .selectFrom('guests as g')
        .select('g.id')
        .where('g.erased_at', 'is', null)
        .where('g.changed_at', '<', cutoff)
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('stays as s')
                .select('s.id')
                .whereRef('s.guest_id', '=', 'g.id')
                .where((eb) =>
                  eb.or([eb('s.checked_out_at', 'is', null), eb('s.checked_out_at', '>=', cutoff)]),
                ),
            ),
          ),
        )
        .orderBy('g.id')
        .execute();
      const at = new Date(now).toISOString();
      for (const { id } of due) await erase(Number(id), retentionReason, { actor: retentionActor, at });
      return due.length;
    },

    /** Retention's other half: erased guests' full-invoice buyer blocks whose 5 years are over. */
    async eraseExpiredBuyers(now: number): Promise<number> {
      const erased = await eraseHeldBuyers(kysely, now);
      if (erased > 0 && dialect === 'sqlite') await checkpointWal(kysely);
      return erased;
    },
  };
}

export type PrivacyRepo = ReturnType<typeof createPrivacyRepo>;
