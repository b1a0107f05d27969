import type { Kysely, Transaction } from 'kysely';
import { parOf } from '../../shared/fridge-rule';
import { fridgeOf, storeroom } from '../../shared/stock-types';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Database } from '../db/tables';
import { writeMoves } from './ledger';

/** Stock's state and the fridges' pars and holdings, read by the checkout, the restock and the stock routes. */

type Reader = Kysely<Database> | Transaction<Database>;

/** When stock was started, or null while it is off. */
export async function stockStartedAt(db: Reader): Promise<string | null> {
  const row = await db.selectFrom('stock_state').select('started_at').where('id', '=', 1).executeTakeFirst();
  return row?.started_at ?? null;
}

/** A bungalow's own pars (the overrides only), by drink. */
export async function parsOf(db: Reader, bungalow: number): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom('pars')
    .select(['drink_id', 'par'])
    .where('bungalow', '=', bungalow)
    .execute();
  return new Map(rows.map((row) => [row.drink_id, row.par]));
}

/** The catalogue's drinks with this bungalow's par of each. */
export async function catalogueWithPars(db: Reader, bungalow: number) {
  const [drinks, pars] = await Promise.all([
    db
      .selectFrom('Drinks')
      .select(['id', 'drinkName', 'startingQuantity', 'packSize'])
      .orderBy('id')
      .execute(),
    parsOf(db, bungalow),
  ]);
  return drinks.map((drink) => ({ ...drink, par: parOf(drink, pars.get(drink.id)) }));
}

/**
 * Opens a fridge in the ledger the first time stock meets it (at the start, or a bungalow outside the
 * settings when first checked or restocked): taken as full at its pars, less what `lacks` says it lacks (the
 * restock list of an install that turns stock on). The bottles come from `count`: nobody counted them, the
 * fridge was assumed full. Returns the bottles put in, or null when it was open already (on PostgreSQL a
 * concurrent opening waits for the other's commit and then finds it open). Its event, `stock.fridge_opened`,
 * says what it put in, in the transaction of the change that met the fridge: the trail's replay rebuilds the
 * balances from it (stock-trail.ts).
 */
export async function openFridge(
  trx: Transaction<Database>,
  bungalow: number,
  change: Change,
  lacks: ReadonlyMap<number, number> = new Map(),
): Promise<number | null> {
  const { at } = change;
  const place = fridgeOf(bungalow);
  const opened = await trx
    .insertInto('stock_places')
    .values({ place, opened_at: at })
    .onConflict((oc) => oc.column('place').doNothing())
    .returning('place')
    .executeTakeFirst();
  if (!opened) return null;
  const drinks = await catalogueWithPars(trx, bungalow);
  const moves = drinks.map((drink) => ({
    drinkId: drink.id,
    quantity: Math.max(0, drink.par - (lacks.get(drink.id) ?? 0)),
    from: 'count' as const,
    to: place,
  }));
  await writeMoves(trx, { at, document: { type: 'start', id: bungalow }, moves });
  const names = new Map(drinks.map((drink) => [drink.id, drink.drinkName]));
  await appendAudit(trx, {
    ...change,
    action: 'stock.fridge_opened',
    subject: subject('bungalow', bungalow),
    details: {
      bungalow,
      lines: moves
        .filter((move) => move.quantity > 0)
        .map((move) => ({
          drinkId: move.drinkId,
          drinkName: names.get(move.drinkId) ?? '',
          quantity: move.quantity,
        })),
    },
  });
  return moves.reduce((sum, move) => sum + move.quantity, 0);
}

/** Whether the ledger has opened this place. */
export async function isOpen(db: Reader, place: string): Promise<boolean> {
  const row = await db
    .selectFrom('stock_places')
    .select('place')
    .where('place', '=', place)
    .executeTakeFirst();
  return row !== undefined;
}

/** The storeroom's place row, opened by the start. */
export async function openStoreroom(trx: Transaction<Database>, at: string): Promise<void> {
  await trx
    .insertInto('stock_places')
    .values({ place: storeroom, opened_at: at })
    .onConflict((oc) => oc.column('place').doNothing())
    .execute();
}

/** Average cost per drink (satang), null while unknown. */
export async function averageCostsOf(
  db: Reader,
  drinkIds: readonly number[],
): Promise<Map<number, number | null>> {
  if (drinkIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('stock_drinks')
    .select(['drink_id', 'average_cost'])
    .where('drink_id', 'in', drinkIds)
    .execute();
  return new Map(rows.map((row) => [row.drink_id, row.average_cost]));
}
