import {
  type ExpressionBuilder,
  type Kysely,
  type Selectable,
  type SqlBool,
  sql,
  type Transaction,
} from 'kysely';
import type { CheckoutLine } from '../../shared/api-types';
import type { AuditActor } from '../../shared/audit-types';
import { addDays, startOfLocalDay } from '../../shared/local-days';
import type { PaymentMethod } from '../../shared/payment-constants';
import type { PmsPostingState } from '../../shared/pms-types';
import type { HistoryQuery, VoidBottles } from '../../shared/staff-schemas';
import type { CheckoutRevision, HistoryCheckout, PaymentEvent } from '../../shared/staff-types';
import { fridgeOf } from '../../shared/stock-types';
import type { TaxDocument, TaxNote } from '../../shared/tax';
import { actorLabel } from '../../shared/team';
import { auditActorOf, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import { likeContains } from '../db/like';
import type { Database } from '../db/tables';
import { HttpError, notFound } from '../http/errors';
import { staffTextToken } from '../privacy/staff-texts';
import { averageCostsOf, isOpen, stockStartedAt } from '../stock/fridges';
import { writeMoves } from '../stock/ledger';
import { currentDocuments } from '../tax/tax-documents';
import { voidSaleDocuments } from '../tax/tax-months';
import { uncountCheckout } from './running-totals';

interface RangeFilter {
  bungalow?: number | undefined;
  /** Calendar days in the resort's zone, both included. */
  from?: string | undefined;
  to?: string | undefined;
  /** Part of the charged guest's name, any case. */
  guest?: string | undefined;
  stay?: number | undefined;
  checkout?: number | undefined;
  paid?: boolean | undefined;
  /** `true`: only checks from unknown senders. */
  unverified?: boolean | undefined;
}

/**
 * created_at is ISO 8601 UTC text on both databases: a range of local days becomes a range of UTC instants
 * (the zone's midnights), compared as text, so it uses the indexes.
 */
function inRange(
  { bungalow, from, to, guest, stay, checkout, paid, unverified }: RangeFilter,
  timeZone: string,
) {
  return (eb: ExpressionBuilder<Database, 'checkouts'>) =>
    eb.and([
      ...(unverified === true ? [eb('checkouts.unverified', '=', 1)] : []),
      ...(bungalow !== undefined ? [eb('checkouts.bungalow', '=', bungalow)] : []),
      ...(from ? [eb('checkouts.created_at', '>=', startOfLocalDay(from, timeZone))] : []),
      ...(to ? [eb('checkouts.created_at', '<', startOfLocalDay(addDays(to, 1), timeZone))] : []),
      ...(stay !== undefined ? [eb('checkouts.stay_id', '=', stay)] : []),
      ...(checkout !== undefined ? [eb('checkouts.id', '=', checkout)] : []),
      ...(guest
        ? [
            sql<SqlBool>`lower(${eb.ref('checkouts.guest_name')}) like ${likeContains(guest.toLowerCase())} escape '!'`,
          ]
        : []),
      ...(paid === false
        ? [
            eb('checkouts.paid_method', 'is', null),
            eb('checkouts.voided_at', 'is', null),
            eb('checkouts.payment_tracked', '=', 1),
          ]
        : []),
      ...(paid === true ? [eb('checkouts.paid_method', 'is not', null)] : []),
    ]);
}

const checkoutColumns = [
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
  'paid_by',
  'payment_tracked',
  'recorded_by',
  'voided_by',
  'void_approved_by',
  'late_charge',
  'unverified',
] as const;

type CheckoutRow = Pick<Selectable<Database['checkouts']>, (typeof checkoutColumns)[number]>;

/** Rows that belong to checkouts, grouped by checkout in the order read. */
function byCheckout<Row extends { checkout_id: number }, Item>(
  rows: readonly Row[],
  toItem: (row: Row) => Item,
): Map<number, Item[]> {
  const grouped = new Map<number, Item[]>();
  for (const row of rows) {
    const items = grouped.get(row.checkout_id);
    if (items) items.push(toItem(row));
    else grouped.set(row.checkout_id, [toItem(row)]);
  }
  return grouped;
}

/**
 * Lines, earlier versions and payment changes of the given checkouts: three indexed queries (on
 * checkout_id, never whole tables), sent side by side.
 */
async function withLines(kysely: Kysely<Database>, rows: CheckoutRow[]): Promise<HistoryCheckout[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [lineRows, revisionRows, paymentRows, { documents, notes }, postingRows] = await Promise.all([
    kysely
      .selectFrom('checkout_lines')
      .select(['checkout_id', 'drink_id', 'drink_name', 'quantity', 'unit_price', 'line_total'])
      .where('checkout_id', 'in', ids)
      .orderBy('checkout_id')
      .orderBy('id')
      .execute(),
    kysely
      .selectFrom('checkout_revisions')
      .select(['checkout_id', 'recorded_at', 'replaced_at', 'total', 'lines'])
      .where('checkout_id', 'in', ids)
      .orderBy('checkout_id')
      .orderBy('id')
      .execute(),
    kysely
      .selectFrom('checkout_payments')
      .select(['checkout_id', 'method', 'recorded_at', 'recorded_by', 'by_actor'])
      .where('checkout_id', 'in', ids)
      .orderBy('checkout_id')
      .orderBy('id')
      .execute(),
    // Tax documents (fifth stage)
    currentDocuments(kysely, ids),
    // The PMS (sixth stage): what reached the guest's folio
    kysely
      .selectFrom('pms_postings')
      .select(['checkout_id', 'state', 'reason', 'reference'])
      .where('checkout_id', 'in', ids)
      .execute(),
  ]);
  const postings = new Map(postingRows.map((row) => [row.checkout_id, row]));
  const lines = byCheckout(lineRows, (line) => ({
    drinkId: line.drink_id,
    drinkName: line.drink_name,
    quantity: line.quantity,
    unitPrice: line.unit_price,
    lineTotal: line.line_total,
  }));
  const revisions = byCheckout(
    revisionRows,
    (revision): CheckoutRevision => ({
      recordedAt: revision.recorded_at,
      replacedAt: revision.replaced_at,
      total: revision.total,
      lines: JSON.parse(revision.lines) as CheckoutLine[],
    }),
  );
  const events = byCheckout(
    paymentRows,
    (row): PaymentEvent => ({
      method: row.method as PaymentMethod | null,
      recordedAt: row.recorded_at,
      recordedBy: row.recorded_by,
      by: fromJson<AuditActor>(row.by_actor),
    }),
  );
  return rows.map((row) => ({
    id: row.id,
    bungalow: row.bungalow,
    createdAt: row.created_at,
    guestName: row.guest_name,
    total: row.total,
    lines: lines.get(row.id) ?? [],
    voidedAt: row.voided_at,
    voidReason: row.void_reason,
    stayId: row.stay_id,
    revisedAt: row.revised_at,
    ...(row.late_charge === 1 ? { lateCharge: true as const } : {}),
    ...(row.unverified === 1 ? { unverified: true as const } : {}),
    revisions: revisions.get(row.id) ?? [],
    payment:
      row.paid_method && row.paid_at
        ? { method: row.paid_method as PaymentMethod, paidAt: row.paid_at, paidBy: row.paid_by ?? '' }
        : null,
    paymentTracked: row.payment_tracked === 1,
    paymentEvents: events.get(row.id) ?? [],
    recordedBy: fromJson<AuditActor>(row.recorded_by),
    voidedBy: fromJson<AuditActor>(row.voided_by),
    voidApprovedBy: fromJson<{ id: number; name: string }>(row.void_approved_by),
    ...withDocument(documents.get(row.id)),
    ...withPosting(postings.get(row.id)),
    ...withNotes(notes.get(row.id)),
  }));
}

/** A checkout no note adjusted (nearly all) reads as before: no `notes` field. */
const withNotes = (notes: TaxNote[] | undefined) => (notes ? { notes } : {});

/** A checkout the PMS never saw (none connected) reads as before: no `pms` field. */
const withPosting = (
  posting: { state: string; reason: string | null; reference: string | null } | undefined,
) =>
  posting
    ? {
        pms: {
          state: posting.state as PmsPostingState,
          reason: posting.reason,
          reference: posting.reference,
        },
      }
    : {};

/** A checkout without a tax document reads as before: no `document` field at all. */
const withDocument = (document: TaxDocument | undefined) => (document ? { document } : {});

/** Who did it, kept as JSON beside the row (008); null when absent or unreadable. */
function fromJson<T>(json: string | null): T | null {
  if (json === null) return null;
  try {
    return JSON.parse(json) as T;
  } catch {
    return null;
  }
}

/**
 * With stock on, a voided checkout's bottles go back to the fridge, or to `write-off` as a complimentary
 * write-off (its own document, so the write-offs by reason count it). A fridge stock never opened (the checkout
 * came before) is taken as full when first met: nothing to return. What the void's audit event adds: where the
 * bottles went, and `returned` when they went back into the fridge.
 */
async function returnVoidedBottles(
  trx: Transaction<Database>,
  {
    id,
    bungalow,
    lines,
    bottles,
    change,
  }: {
    id: number;
    bungalow: number;
    lines: { drinkId: number; drinkName: string; quantity: number }[];
    bottles: VoidBottles;
    change: Change;
  },
): Promise<{
  bottles?: VoidBottles;
  returned?: { drinkId: number; quantity: number }[];
  writeOffId?: number;
}> {
  if (lines.length === 0 || (await stockStartedAt(trx)) === null) return {};
  const place = fridgeOf(bungalow);
  if (bottles === 'in-fridge') {
    if (!(await isOpen(trx, place))) return { bottles };
    await writeMoves(trx, {
      at: change.at,
      document: { type: 'void', id },
      moves: lines.map((line) => ({
        drinkId: line.drinkId,
        quantity: line.quantity,
        from: 'guest',
        to: place,
      })),
    });
    // What went back into the fridge, for the trail's replay of the balances (stock-trail.ts).
    return { bottles, returned: lines.map(({ drinkId, quantity }) => ({ drinkId, quantity })) };
  }
  const actor = auditActorOf(change.actor);
  const writeOff = await trx
    .insertInto('stock_write_offs')
    .values({
      written_off_at: change.at,
      place,
      reason: 'complimentary',
      note: `Checkout #${id} voided`,
      written_off_by: actorLabel(actor),
      by_actor: JSON.stringify(actor),
      checkout_id: id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const costs = await averageCostsOf(
    trx,
    lines.map((line) => line.drinkId),
  );
  await writeMoves(trx, {
    at: change.at,
    document: { type: 'write-off', id: writeOff.id },
    moves: lines.map((line) => ({
      drinkId: line.drinkId,
      quantity: line.quantity,
      from: 'guest',
      to: 'write-off',
      unitCost: costs.get(line.drinkId) ?? null,
    })),
  });
  return { bottles, writeOffId: writeOff.id };
}

export function createHistoryRepo({ kysely }: Db) {
  return {
    /**
     * Newest first. One row more than the page is read to know whether another page follows, instead
     * of counting every matching checkout (a full index scan on a million rows).
     */
    async page(
      query: HistoryQuery,
      timeZone: string,
    ): Promise<{ items: HistoryCheckout[]; hasMore: boolean }> {
      const rows = await kysely
        .selectFrom('checkouts')
        .select(checkoutColumns)
        .where(inRange(query, timeZone))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.pageSize + 1)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      const hasMore = rows.length > query.pageSize;
      return { items: await withLines(kysely, rows.slice(0, query.pageSize)), hasMore };
    },

    /** The unverified checks still standing (of one bungalow, or all), oldest first: what "Void all" voids. */
    async standingUnverified(bungalow: number | undefined, limit: number): Promise<number[]> {
      const rows = await kysely
        .selectFrom('checkouts')
        .select('id')
        .where('unverified', '=', 1)
        .where('voided_at', 'is', null)
        .$if(bungalow !== undefined, (qb) => qb.where('bungalow', '=', bungalow ?? 0))
        .orderBy('id')
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    async get(id: number): Promise<HistoryCheckout | undefined> {
      const row = await kysely
        .selectFrom('checkouts')
        .select(checkoutColumns)
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? (await withLines(kysely, [row]))[0] : undefined;
    },

    /**
     * Marks the checkout voided (the conditional update makes a second void lose the race cleanly) and
     * takes it out of the running totals in the same transaction. `approvedBy`: the manager who approved a
     * front desk's void with their PIN. With stock on, `bottles` says where the checkout's bottles are: back
     * in the fridge (the count was wrong), or gone without charge (a complimentary write-off).
     */
    async void(
      id: number,
      reason: string,
      change: Change,
      approvedBy?: { id: number; name: string },
      bottles: VoidBottles = 'in-fridge',
    ): Promise<HistoryCheckout> {
      const voidedAt = change.at;
      await kysely.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('checkouts')
          .set({
            voided_at: voidedAt,
            void_reason: reason,
            voided_by: JSON.stringify(auditActorOf(change.actor)),
            void_approved_by: approvedBy
              ? JSON.stringify({ id: approvedBy.id, name: approvedBy.name })
              : null,
          })
          .where('id', '=', id)
          .where('voided_at', 'is', null)
          .returning(['bungalow', 'created_at', 'total'])
          .executeTakeFirst();
        if (!updated) {
          const existing = await trx
            .selectFrom('checkouts')
            .select('voided_at')
            .where('id', '=', id)
            .executeTakeFirst();
          if (!existing) throw notFound('Checkout');
          throw new HttpError(409, 'conflict', `This checkout was already voided at ${existing.voided_at}`);
        }
        const lines = await trx
          .selectFrom('checkout_lines')
          .select(['drink_id as drinkId', 'drink_name as drinkName', 'quantity', 'line_total as lineTotal'])
          .where('checkout_id', '=', id)
          .execute();
        const stock = await returnVoidedBottles(trx, {
          id,
          bungalow: updated.bungalow,
          lines,
          bottles,
          change,
        });
        // The reason staff typed is kept beside the chain: it may name a guest, whose erase takes it out.
        const reasonToken = await staffTextToken(trx, reason);
        // Tax documents (fifth stage): the void cancels its tax invoice, or once the sale's month has ended,
        // a credit note adjusts it (seventh stage); its event carries the numbers.
        await voidSaleDocuments(
          trx,
          {
            checkoutId: id,
            bungalow: updated.bungalow,
            total: updated.total,
            reason,
            auditReason: reasonToken,
          },
          change,
          (documentNumber, creditNote) => ({
            ...change,
            action: 'checkout.voided',
            subject: subject('checkout', id),
            details: {
              bungalow: updated.bungalow,
              total: updated.total,
              reason: reasonToken,
              ...(approvedBy ? { approvedBy } : {}),
              ...stock,
              ...(documentNumber ? { documentNumber } : {}),
              ...(creditNote ? { creditNote } : {}),
            },
          }),
        );
        // Last in the transaction: see running-totals.ts.
        await uncountCheckout(trx, { id, bungalow: updated.bungalow, createdAt: updated.created_at, lines });
      });
      const checkout = await this.get(id);
      if (!checkout) throw notFound('Checkout');
      return checkout;
    },

    /**
     * Oldest first, one batch at a time by keyset (created_at, id): an export of years of checkouts
     * streams through a small, constant amount of memory.
     */
    async *exportBatches(
      filter: RangeFilter,
      timeZone: string,
      batchSize: number,
    ): AsyncGenerator<HistoryCheckout[]> {
      let after: { createdAt: string; id: number } | undefined;
      for (;;) {
        const cursor = after;
        const rows = await kysely
          .selectFrom('checkouts')
          .select(checkoutColumns)
          .where(inRange(filter, timeZone))
          .$if(cursor !== undefined, (qb) =>
            // The first condition bounds the index range; the second skips the rows already sent.
            qb
              .where('created_at', '>=', cursor?.createdAt ?? '')
              .where((eb) =>
                eb.or([eb('created_at', '>', cursor?.createdAt ?? ''), eb('id', '>', cursor?.id ?? 0)]),
              ),
          )
          .orderBy('created_at')
          .orderBy('id')
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return;
        yield await withLines(kysely, rows);
        const last = rows[rows.length - 1];
        if (!last || rows.length < batchSize) return;
        after = { createdAt: last.created_at, id: last.id };
      }
    },
  };
}
