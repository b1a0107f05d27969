import { Hono } from 'hono';
import { bungalowParamSchema } from '../../shared/staff-schemas';
import { type FridgeState, fridgeOf } from '../../shared/stock-types';
import type { Db } from '../db/database';
import type { AppDeps } from '../deps';
import { readParams } from '../http/validate';
import { catalogueWithPars, isOpen, stockStartedAt } from './fridges';

/**
 * What a bungalow's fridge holds: its par per drink and, with stock on, what the ledger says it holds (a
 * fridge the ledger has not met yet is taken as full). Public, as the checkout reads it: counts only.
 */
export async function readFridge({ kysely }: Db, bungalow: number): Promise<FridgeState> {
  const place = fridgeOf(bungalow);
  const [startedAt, drinks, open, balances] = await Promise.all([
    stockStartedAt(kysely),
    catalogueWithPars(kysely, bungalow),
    isOpen(kysely, place),
    kysely.selectFrom('stock_balances').select(['drink_id', 'quantity']).where('place', '=', place).execute(),
  ]);
  const stock = startedAt !== null;
  const holds = new Map(balances.map((row) => [row.drink_id, row.quantity]));
  return {
    bungalow,
    stock,
    items: drinks.map((drink) => ({
      drinkId: drink.id,
      par: drink.par,
      holds: stock && open ? (holds.get(drink.id) ?? 0) : drink.par,
    })),
  };
}

export function fridgesRoutes(deps: AppDeps) {
  return new Hono().get('/:bungalow', async (c) => {
    const { bungalow } = readParams(c, bungalowParamSchema);
    return c.json(await readFridge(deps.db, bungalow));
  });
}
