import type { Kysely } from 'kysely';
import { casesAndBottles, lackOf, parOf } from '../../shared/fridge-rule';
import type { DrinkUnits, RestockBungalow, RestockList } from '../../shared/staff-types';
import type { RestockInput } from '../../shared/stock-schemas';
import { bungalowOf, fridgeOf, type RestockDone, storeroom } from '../../shared/stock-types';
import { appendAudit, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { validationFailed } from '../http/errors';
import { averageCostsOf, catalogueWithPars, openFridge, stockStartedAt } from './fridges';
import { balancesOf, lockPlace, writeMoves } from './ledger';
import type { Move } from './move';

const byName = (a: DrinkUnits, b: DrinkUnits) =>
  a.drinkName < b.drinkName ? -1 : a.drinkName > b.drinkName ? 1 : 0;

/** When each of these bungalows was last restocked: one index seek each (restocks_bungalow_restocked_at_idx). */
async function lastRestocks(
  kysely: Kysely<Database>,
  bungalows: readonly number[],
): Promise<Map<number, string | null>> {
  if (bungalows.length === 0) return new Map();
  const rows = await kysely
    .selectFrom('restocks')
    .select((eb) => ['bungalow', eb.fn.max('restocked_at').as('last')])
    .where('bungalow', 'in', bungalows)
    .groupBy('bungalow')
    .execute();
  return new Map(rows.map((row) => [row.bungalow, row.last ?? null]));
}

/** Stock off: the running totals of what was taken since each bungalow's last restock (the spec's list). */
async function pendingList(kysely: Kysely<Database>): Promise<RestockList> {
  const rows = await kysely
    .selectFrom('restock_pending')
    .select(['bungalow', 'drink_name', 'units'])
    .where('units', '>', 0)
    .orderBy('bungalow')
    .orderBy('drink_name')
    .execute();
  // The last restock of each listed bungalow: one index seek each (restocks_bungalow_restocked_at_idx,
  // max() read from the end of the bungalow's range), never a scan of years of restocks.
  const lastRows = await kysely
    .selectFrom((eb) =>
      eb.selectFrom('restock_pending').select('bungalow').distinct().where('units', '>', 0).as('listed'),
    )
    .select((eb) => [
      'listed.bungalow',
      eb
        .selectFrom('restocks')
        .select((inner) => inner.fn.max('restocks.restocked_at').as('last'))
        .whereRef('restocks.bungalow', '=', 'listed.bungalow')
        .as('last_restocked_at'),
    ])
    .execute();
  const lastRestocked = new Map(lastRows.map((row) => [row.bungalow, row.last_restocked_at ?? null]));

  const bungalows = new Map<number, RestockBungalow>();
  const totals = new Map<string, number>();
  for (const row of rows) {
    const entry = bungalows.get(row.bungalow) ?? {
      bungalow: row.bungalow,
      lastRestockedAt: lastRestocked.get(row.bungalow) ?? null,
      items: [],
      units: 0,
    };
    entry.items.push({ drinkName: row.drink_name, units: row.units });
    entry.units += row.units;
    bungalows.set(row.bungalow, entry);
    totals.set(row.drink_name, (totals.get(row.drink_name) ?? 0) + row.units);
  }
  const totalList = [...totals.entries()].map(([drinkName, units]) => ({ drinkName, units })).sort(byName);
  return {
    bungalows: [...bungalows.values()],
    totals: totalList,
    units: totalList.reduce((sum, item) => sum + item.units, 0),
  };
}

/**
 * Stock on: each open fridge's lack, par − holds (shared/fridge-rule.ts), and the totals as the storeroom's
 * pick list in cases and bottles. Reads the fridges' balances and the pars, never the checkouts. A fridge
 * the ledger has not opened is taken as full: it lacks nothing.
 */
async function stockList(kysely: Kysely<Database>): Promise<RestockList> {
  const [drinks, pars, balances, places] = await Promise.all([
    kysely.selectFrom('Drinks').select(['id', 'drinkName', 'startingQuantity', 'packSize']).execute(),
    kysely.selectFrom('pars').select(['bungalow', 'drink_id', 'par']).execute(),
    kysely
      .selectFrom('stock_balances')
      .select(['place', 'drink_id', 'quantity'])
      .where('place', 'like', 'fridge:%')
      .execute(),
    kysely.selectFrom('stock_places').select('place').where('place', 'like', 'fridge:%').execute(),
  ]);
  const parOverride = new Map(pars.map((p) => [`${p.bungalow}:${p.drink_id}`, p.par]));
  const holds = new Map(balances.map((b) => [`${bungalowOf(b.place)}:${b.drink_id}`, b.quantity]));
  const fridges = places
    .map((p) => bungalowOf(p.place))
    .filter((b): b is number => b !== null)
    .sort((a, b) => a - b);
  const drinksByName = [...drinks].sort((a, b) =>
    a.drinkName < b.drinkName ? -1 : a.drinkName > b.drinkName ? 1 : a.id - b.id,
  );

  const bungalows: RestockBungalow[] = [];
  const totals = new Map<number, number>();
  for (const bungalow of fridges) {
    const items: DrinkUnits[] = [];
    for (const drink of drinksByName) {
      const par = parOf(drink, parOverride.get(`${bungalow}:${drink.id}`));
      const units = lackOf({ par, holds: holds.get(`${bungalow}:${drink.id}`) ?? 0 });
      if (units === 0) continue;
      items.push({ drinkName: drink.drinkName, units, drinkId: drink.id });
      totals.set(drink.id, (totals.get(drink.id) ?? 0) + units);
    }
    if (items.length === 0) continue;
    bungalows.push({
      bungalow,
      lastRestockedAt: null,
      items,
      units: items.reduce((sum, i) => sum + i.units, 0),
    });
  }
  const last = await lastRestocks(
    kysely,
    bungalows.map((b) => b.bungalow),
  );
  for (const entry of bungalows) entry.lastRestockedAt = last.get(entry.bungalow) ?? null;
  const totalList = drinksByName.flatMap((drink) => {
    const units = totals.get(drink.id);
    if (!units) return [];
    return [
      {
        drinkName: drink.drinkName,
        units,
        drinkId: drink.id,
        packSize: drink.packSize,
        ...casesAndBottles(units, drink.packSize),
      },
    ];
  });
  return {
    stock: true,
    bungalows,
    totals: totalList,
    units: totalList.reduce((sum, item) => sum + item.units, 0),
  };
}

export function createRestockRepo(db: Db) {
  const { kysely } = db;
  return {
    /** With stock off, what was taken since each restock (the running totals); with stock on, par − holds. */
    async list(): Promise<RestockList> {
      return (await stockStartedAt(kysely)) === null ? pendingList(kysely) : stockList(kysely);
    },

    /**
     * Records the restock and empties the bungalow's pending list in one transaction. With stock on, `{}`
     * moves the fridge's lack from the storeroom, `{items}` what was really put in. The fridge's place row is
     * locked first, so two restocks of one fridge at once take turns and the second finds nothing lacking.
     */
    restock(bungalow: number, input: RestockInput, change: Change): Promise<RestockDone> {
      const restockedAt = change.at;
      const place = fridgeOf(bungalow);
      return kysely.transaction().execute(async (trx) => {
        const stockOn = (await stockStartedAt(trx)) !== null;
        let moves: Move[] = [];
        if (stockOn) {
          await openFridge(trx, bungalow, change);
          await lockPlace(trx, place);
          const drinks = await catalogueWithPars(trx, bungalow);
          const names = new Map(drinks.map((d) => [d.id, d.drinkName]));
          if (input.items) {
            const unknown = input.items.findIndex((item) => !names.has(item.drinkId));
            if (unknown >= 0) {
              throw validationFailed(`No drink has id ${input.items[unknown]?.drinkId}`, [
                {
                  path: `items.${unknown}.drinkId`,
                  message: `No drink has id ${input.items[unknown]?.drinkId}`,
                },
              ]);
            }
            moves = input.items.map((item) => ({
              drinkId: item.drinkId,
              quantity: item.quantity,
              from: storeroom,
              to: place,
            }));
          } else {
            const holds = await balancesOf(trx, place);
            moves = drinks.flatMap((drink) => {
              const quantity = lackOf({ par: drink.par, holds: holds.get(drink.id) ?? 0 });
              return quantity > 0 ? [{ drinkId: drink.id, quantity, from: storeroom, to: place }] : [];
            });
          }
          const costs = await averageCostsOf(
            trx,
            moves.map((m) => m.drinkId),
          );
          for (const move of moves) {
            move.unitCost = costs.get(move.drinkId) ?? null;
            move.drinkName = names.get(move.drinkId) ?? '';
          }
        }
        const { id } = await trx
          .insertInto('restocks')
          .values({ bungalow, restocked_at: restockedAt })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeMoves(trx, { at: restockedAt, document: { type: 'restock', id }, moves });
        const pending = await trx
          .deleteFrom('restock_pending')
          .where('bungalow', '=', bungalow)
          .returning(['drink_name', 'units'])
          .execute();
        const moved = moves.map((m) => ({ drinkId: m.drinkId, quantity: m.quantity }));
        await appendAudit(trx, {
          ...change,
          action: 'restock.done',
          subject: subject('bungalow', bungalow),
          details: {
            restockId: id,
            refilled: pending.map((p) => ({ drinkName: p.drink_name, units: p.units })),
            ...(stockOn
              ? {
                  moved: moves.map((m) => ({
                    drinkId: m.drinkId,
                    drinkName: m.drinkName ?? '',
                    quantity: m.quantity,
                  })),
                }
              : {}),
          },
        });
        return { id, bungalow, restockedAt, moved };
      });
    },
  };
}
