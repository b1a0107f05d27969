import { type Kysely, sql, type Transaction } from 'kysely';
import type { ExpiringLot } from '../../shared/stock-types';
import { storeroom } from '../../shared/stock-types';
import { isPostgres } from '../db/database';
import type { Database } from '../db/tables';
import type { Move, MoveBatch } from './move';

/**
 * The storeroom's dated bottles (`stock_lots`, migration 014; DESIGN.md, "Expiry"): a delivery line with
 * `expiresOn` adds a lot; every bottle that leaves the storeroom (a restock, a write-off, a count's missing
 * bottles) takes from the earliest lot first. Bottles without a date are taken last: they are the ones that
 * do not expire. Kept by the ledger's writer, so every path out of the storeroom keeps them.
 */

type Trx = Transaction<Database>;
type Reader = Kysely<Database> | Transaction<Database>;

/** Called by writeMoves for every batch: a delivery's dated lines in, any move out of the storeroom. */
export async function keepStoreroomLots(trx: Trx, batch: MoveBatch, moves: readonly Move[]): Promise<void> {
  if (batch.document.type === 'delivery') {
    const dated = await trx
      .selectFrom('stock_delivery_lines')
      .select(['drink_id', 'expires_on', 'quantity'])
      .where('delivery_id', '=', batch.document.id)
      .where('expires_on', 'is not', null)
      .orderBy('drink_id')
      .execute();
    for (const line of dated) {
      await trx
        .insertInto('stock_lots')
        .values({ drink_id: line.drink_id, expires_on: line.expires_on ?? '', quantity: line.quantity })
        .onConflict((oc) =>
          oc.columns(['drink_id', 'expires_on']).doUpdateSet((eb) => ({
            quantity: eb('stock_lots.quantity', '+', eb.ref('excluded.quantity')),
          })),
        )
        .execute();
    }
  }
  const out = new Map<number, number>();
  for (const move of moves) {
    if (move.from === storeroom) out.set(move.drinkId, (out.get(move.drinkId) ?? 0) + move.quantity);
    if (move.to === storeroom && out.has(move.drinkId)) {
      out.set(move.drinkId, (out.get(move.drinkId) ?? 0) - move.quantity);
    }
  }
  const leaving = [...out.entries()].filter(([, quantity]) => quantity > 0).sort(([a], [b]) => a - b);
  if (leaving.length === 0) return;
  // Locked as read (PostgreSQL): two restocks at once take from the same lots in turn, in drink order.
  const lots = await trx
    .selectFrom('stock_lots')
    .select(['drink_id', 'expires_on', 'quantity'])
    .where(
      'drink_id',
      'in',
      leaving.map(([drinkId]) => drinkId),
    )
    .orderBy('drink_id')
    .orderBy('expires_on')
    .$if(isPostgres(trx), (qb) => qb.forUpdate())
    .execute();
  for (const [drinkId, quantity] of leaving) {
    let left = quantity;
    for (const lot of lots) {
      if (left === 0) break;
      if (lot.drink_id !== drinkId) continue;
      const taken = Math.min(left, lot.quantity);
      left -= taken;
      const where = sql`drink_id = ${drinkId} and expires_on = ${lot.expires_on}`;
      if (taken === lot.quantity) await sql`delete from stock_lots where ${where}`.execute(trx);
      else await sql`update stock_lots set quantity = quantity - ${taken} where ${where}`.execute(trx);
    }
  }
}

/**
 * The dated bottles per drink, earliest first, never more than the storeroom holds (a delivery recorded while
 * the storeroom was below zero brought more dated bottles than the ledger can see until a count).
 */
export async function expiringByDrink(
  db: Reader,
  storeroomHolds: ReadonlyMap<number, number>,
): Promise<Map<number, ExpiringLot[]>> {
  const rows = await db
    .selectFrom('stock_lots')
    .select(['drink_id', 'expires_on', 'quantity'])
    .orderBy('drink_id')
    .orderBy('expires_on')
    .execute();
  const byDrink = new Map<number, ExpiringLot[]>();
  const room = new Map<number, number>();
  for (const row of rows) {
    const left = room.get(row.drink_id) ?? Math.max(0, storeroomHolds.get(row.drink_id) ?? 0);
    const quantity = Math.min(left, row.quantity);
    room.set(row.drink_id, left - quantity);
    if (quantity === 0) continue;
    const lots = byDrink.get(row.drink_id) ?? [];
    lots.push({ expiresOn: row.expires_on, quantity });
    byDrink.set(row.drink_id, lots);
  }
  return byDrink;
}
