import type { ExpressionBuilder, Kysely, Selectable } from 'kysely';
import type { HistoryQuery } from '../../../shared/staff-schemas';
import type { HistoryCheckout } from '../../../shared/staff-types';
import type { Db } from '../../db/database';
import type { Database } from '../../db/tables';
import { HttpError, notFound } from '../../http/errors';
import { uncountCheckout } from './running-totals';

/** The day after a UTC day, so a range "to" day is included: created_at < next day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

interface RangeFilter {
  bungalow?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** created_at is ISO 8601 UTC text on both databases: day ranges compare as text and use the indexes. */
function inRange({ bungalow, from, to }: RangeFilter) {
  return (eb: ExpressionBuilder<Database, 'checkouts'>) =>
    eb.and([
      ...(bungalow !== undefined ? [eb('checkouts.bungalow', '=', bungalow)] : []),
      ...(from ? [eb('checkouts.created_at', '>=', from)] : []),
      ...(to ? [eb('checkouts.created_at', '<', nextDay(to))] : []),
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
] as const;

type CheckoutRow = Pick<Selectable<Database['checkouts']>, (typeof checkoutColumns)[number]>;

/** Lines of the given checkouts in one indexed query (checkout_lines_checkout_id_idx), never all lines. */
async function withLines(kysely: Kysely<Database>, rows: CheckoutRow[]): Promise<HistoryCheckout[]> {
  if (rows.length === 0) return [];
  const lineRows = await kysely
    .selectFrom('checkout_lines')
    .select(['checkout_id', 'drink_id', 'drink_name', 'quantity', 'unit_price', 'line_total'])
    .where(
      'checkout_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('checkout_id')
    .orderBy('id')
    .execute();
  const byCheckout = new Map<number, HistoryCheckout['lines']>();
  for (const line of lineRows) {
    const lines = byCheckout.get(line.checkout_id) ?? [];
    lines.push({
      drinkId: line.drink_id,
      drinkName: line.drink_name,
      quantity: line.quantity,
      unitPrice: line.unit_price,
      lineTotal: line.line_total,
    });
    byCheckout.set(line.checkout_id, lines);
  }
  return rows.map((row) => ({
    id: row.id,
    bungalow: row.bungalow,
    createdAt: row.created_at,
    guestName: row.guest_name,
    total: row.total,
    lines: byCheckout.get(row.id) ?? [],
    voidedAt: row.voided_at,
    voidReason: row.void_reason,
  }));
}

export function createHistoryRepo({ kysely }: Db) {
  return {
    /**
     * Newest first. One row more than the page is read to know whether another page follows, instead
     * of counting every matching checkout (a full index scan on a million rows).
     */
    async page(query: HistoryQuery): Promise<{ items: HistoryCheckout[]; hasMore: boolean }> {
      const rows = await kysely
        .selectFrom('checkouts')
        .select(checkoutColumns)
        .where(inRange(query))
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(query.pageSize + 1)
        .offset((query.page - 1) * query.pageSize)
        .execute();
      const hasMore = rows.length > query.pageSize;
      return { items: await withLines(kysely, rows.slice(0, query.pageSize)), hasMore };
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
     * takes it out of the running totals in the same transaction.
     */
    async void(id: number, reason: string, voidedAt: string): Promise<HistoryCheckout> {
      await kysely.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('checkouts')
          .set({ voided_at: voidedAt, void_reason: reason })
          .where('id', '=', id)
          .where('voided_at', 'is', null)
          .returning(['bungalow', 'created_at'])
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
          .select(['drink_name as drinkName', 'quantity', 'line_total as lineTotal'])
          .where('checkout_id', '=', id)
          .execute();
        await uncountCheckout(trx, { bungalow: updated.bungalow, createdAt: updated.created_at, lines });
      });
      const checkout = await this.get(id);
      if (!checkout) throw notFound('Checkout');
      return checkout;
    },

    /**
     * Oldest first, one batch at a time by keyset (created_at, id): an export of years of checkouts
     * streams through a small, constant amount of memory.
     */
    async *exportBatches(filter: RangeFilter, batchSize: number): AsyncGenerator<HistoryCheckout[]> {
      let after: { createdAt: string; id: number } | undefined;
      for (;;) {
        const cursor = after;
        const rows = await kysely
          .selectFrom('checkouts')
          .select(checkoutColumns)
          .where(inRange(filter))
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
