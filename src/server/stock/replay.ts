import { type Kysely, sql } from 'kysely';
import { isInsidePlace } from '../../shared/stock-types';
import type { Database } from '../db/tables';

export interface BalanceDifference {
  place: string;
  drinkId: number;
  /** What the ledger replayed says the place holds. */
  ledger: number;
  /** What `stock_balances` says. */
  balance: number;
}

export interface LedgerVerdict {
  moves: number;
  /** Balances compared (inside places with a row or a move). */
  balances: number;
  differences: BalanceDifference[];
}

/**
 * Replays the ledger (every move, summed into and out of each inside place per drink, by the database) and
 * compares it with the balances: `npm run audit:verify` and the tests. They must be equal: the one writer
 * (ledger.ts) writes both in one transaction.
 */
export async function replayLedger(kysely: Kysely<Database>): Promise<LedgerVerdict> {
  const [replayed, balances, count] = await Promise.all([
    sql<{ place: string; drink_id: number; quantity: number | string }>`
      select place, drink_id, sum(quantity) as quantity from (
        select to_place as place, drink_id, quantity from stock_moves
        union all
        select from_place as place, drink_id, -quantity as quantity from stock_moves
      ) as flows
      where place = 'storeroom' or place like 'fridge:%'
      group by place, drink_id`.execute(kysely),
    kysely.selectFrom('stock_balances').select(['place', 'drink_id', 'quantity']).execute(),
    kysely
      .selectFrom('stock_moves')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  const key = (place: string, drinkId: number) => `${place}\u0000${drinkId}`;
  const fromLedger = new Map<string, BalanceDifference>();
  for (const row of replayed.rows) {
    if (!isInsidePlace(row.place)) continue;
    fromLedger.set(key(row.place, row.drink_id), {
      place: row.place,
      drinkId: row.drink_id,
      ledger: Number(row.quantity),
      balance: 0,
    });
  }
  for (const row of balances) {
    const entry = fromLedger.get(key(row.place, row.drink_id)) ?? {
      place: row.place,
      drinkId: row.drink_id,
      ledger: 0,
      balance: 0,
    };
    entry.balance = row.quantity;
    fromLedger.set(key(row.place, row.drink_id), entry);
  }
  const differences = [...fromLedger.values()]
    .filter((entry) => entry.ledger !== entry.balance)
    .sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : a.drinkId - b.drinkId));
  return { moves: Number(count.n), balances: fromLedger.size, differences };
}
