import { expect } from 'vitest';
import { replayTrail } from '../../src/server/audit/trail-replay';
import type { seedDrinks } from '../../src/server/db/seed';
import { replayLedger } from '../../src/server/stock/replay';
import type { FridgeState, StockDrink, StockState } from '../../src/shared/stock-types';
import { drinksByName, setGuest } from './checkout-factory';
import type { TestApp } from './test-app';

type SeedName = (typeof seedDrinks)[number]['drinkName'];

/** A test app with the guest on file, logged in as the owner, and the seeded drinks' ids by name. */
export async function stockSetUp(t: TestApp) {
  const owner = await t.login();
  await setGuest(t, owner);
  const drinks = await drinksByName(t);
  const id = (name: string): number => {
    const drink = drinks[name];
    if (!drink) throw new Error(`No drink named ${name}`);
    return drink.id;
  };
  const name = (drinkId: number) =>
    Object.values(drinks).find((d) => d.id === drinkId)?.drinkName ?? `#${drinkId}`;
  const lines = (cart: Record<string, number>, field = 'quantity') =>
    Object.entries(cart).map(([drink, n]) => ({ drinkId: id(drink), [field]: n }));

  const post = (path: string, body: unknown, cookie: string | undefined = owner) =>
    t.request('POST', path, { cookie, body });

  return {
    owner,
    drinks,
    id,
    name,
    lines,
    post,
    async start(storeroom: Record<string, number>, cookie = owner) {
      const response = await post('/api/stock/start', { storeroom: lines(storeroom) }, cookie);
      expect(response.status, await response.clone().text()).toBe(201);
      return response.json();
    },
    /** What GET /api/stock says, by drink name. */
    /** Keyed by the seeded drinks' names (a test that asks for one the answer lacks fails on its fields). */
    async stock(cookie = owner): Promise<Record<SeedName, StockDrink>> {
      const response = await t.request('GET', '/api/stock', { cookie });
      expect(response.status, await response.clone().text()).toBe(200);
      const state: StockState = await response.json();
      if (!state.started) throw new Error('stock is not started');
      return Object.fromEntries(state.drinks.map((d) => [d.drinkName, d])) as Record<SeedName, StockDrink>;
    },
    /** What a fridge holds, by drink name (drinks holding nothing left out unless `all`). */
    async fridge(bungalow: number, all = false): Promise<Record<string, number>> {
      const response = await t.request('GET', `/api/fridges/${bungalow}`);
      expect(response.status).toBe(200);
      const state: FridgeState = await response.json();
      return Object.fromEntries(
        state.items.filter((i) => all || i.holds !== 0).map((i) => [name(i.drinkId), i.holds]),
      );
    },
    /** POST /api/checkouts for a cart by name. */
    checkout(bungalow: number, cart: Record<string, number>, checkId?: string) {
      return post(
        '/api/checkouts',
        { bungalow, items: lines(cart, 'missing'), ...(checkId ? { checkId } : {}) },
        undefined,
      );
    },
  };
}

/**
 * The balances equal the ledger replayed and the trail replayed (its events alone rebuild every balance:
 * stock-trail.ts), and every drink's bottles are conserved.
 */
export async function expectLedgerHolds(t: TestApp): Promise<void> {
  const verdict = await replayLedger(t.db.kysely);
  expect(verdict.differences).toEqual([]);
  const trail = await replayTrail(t.db.kysely);
  expect(trail.differences).toEqual([]);
  await expectConservation(t);
}

/**
 * For every drink: what came in (from the supplier, found by counts) equals what is on hand plus what left
 * (sold, written off, missing at counts), from the ledger and the balances read apart.
 */
export async function expectConservation(t: TestApp): Promise<void> {
  const moves = await t.db.kysely
    .selectFrom('stock_moves')
    .select(['drink_id', 'quantity', 'from_place', 'to_place'])
    .execute();
  const balances = await t.db.kysely.selectFrom('stock_balances').select(['drink_id', 'quantity']).execute();
  const outside = (place: string) =>
    place === 'supplier' || place === 'guest' || place === 'write-off' || place === 'count';
  const came = new Map<number, number>();
  const left = new Map<number, number>();
  for (const move of moves) {
    if (outside(move.from_place)) came.set(move.drink_id, (came.get(move.drink_id) ?? 0) + move.quantity);
    if (outside(move.to_place)) left.set(move.drink_id, (left.get(move.drink_id) ?? 0) + move.quantity);
  }
  const onHand = new Map<number, number>();
  for (const b of balances) onHand.set(b.drink_id, (onHand.get(b.drink_id) ?? 0) + b.quantity);
  const drinks = new Set([...came.keys(), ...left.keys(), ...onHand.keys()]);
  for (const drink of drinks) {
    expect(came.get(drink) ?? 0, `drink #${drink}`).toBe((onHand.get(drink) ?? 0) + (left.get(drink) ?? 0));
  }
}
