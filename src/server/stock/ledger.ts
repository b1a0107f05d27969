import { sql, type Transaction } from 'kysely';
import { bungalowOf, isInsidePlace } from '../../shared/stock-types';
import { isPostgres } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError } from '../http/errors';
import { keepStoreroomLots } from './expiry-lots';
import { keepLossFigures } from './loss-figures';
import type { Move, MoveBatch } from './move';

/**
 * The one writer of the ledger (DESIGN.md, "Places and the ledger"; STYLE.md, "Where the fourth stage
 * fits"): it appends a document's moves and moves the balances of the inside places by the same amounts, in
 * the caller's transaction, beside the document's own rows and its audit event. Nothing else writes
 * `stock_moves` or `stock_balances`, so the balances are always the ledger replayed (`npm run audit:verify`
 * checks it).
 */

type Trx = Transaction<Database>;

interface BalanceDelta {
  place: string;
  drinkId: number;
  delta: number;
}

/**
 * What the moves do to the inside places, one row per place and drink, sorted: every transaction locks
 * balance rows in the same order (place, then drink), so two documents touching the same rows queue instead
 * of deadlocking, and PostgreSQL's upsert never meets the same row twice in one statement.
 */
export function balanceDeltas(moves: readonly Move[]): BalanceDelta[] {
  const sums = new Map<string, BalanceDelta>();
  const add = (place: string, drinkId: number, delta: number) => {
    if (!isInsidePlace(place)) return;
    const key = `${place}\u0000${drinkId}`;
    const sum = sums.get(key) ?? { place, drinkId, delta: 0 };
    sum.delta += delta;
    sums.set(key, sum);
  };
  for (const move of moves) {
    add(move.from, move.drinkId, -move.quantity);
    add(move.to, move.drinkId, move.quantity);
  }
  return [...sums.values()]
    .filter((sum) => sum.delta !== 0)
    .sort((a, b) => (a.place < b.place ? -1 : a.place > b.place ? 1 : a.drinkId - b.drinkId));
}

/** The fridge rule's trigger of migration 012 refused a balance (PostgreSQL: check_violation 23514). */
function isFridgeBelowZero(error: unknown): boolean {
  return error instanceof Error && /stock_balances_fridge_not_below_zero/.test(error.message);
}

/** "Failing row contains (fridge:7, 3, -1)." names the drink (PostgreSQL); SQLite's message does not. */
function shortRowOf(error: unknown): { place: string; drinkId: number } | null {
  const detail = (error as { detail?: unknown }).detail;
  const match = typeof detail === 'string' ? /\((fridge:\d+), (\d+), -?\d+\)/.exec(detail) : null;
  return match?.[1] && match[2] ? { place: match[1], drinkId: Number(match[2]) } : null;
}

/** 422 `exceeds_fridge`, naming the drink: what a check, a revision or a write-off asked of a fridge. */
export function exceedsFridge(bungalow: number, drinkName: string, holds: number | null): HttpError {
  const message =
    holds === null
      ? `Bungalow ${bungalow}'s fridge does not hold that many ${drinkName}`
      : holds === 0
        ? `Bungalow ${bungalow}'s fridge holds no ${drinkName}`
        : `Bungalow ${bungalow}'s fridge holds only ${holds} ${drinkName}`;
  return new HttpError(422, 'exceeds_fridge', message);
}

/**
 * Writes the batch: its moves, then the balances. PostgreSQL: one statement (the moves are a data-modifying
 * WITH), so a checkout pays one round trip for its stock, not two. A fridge taken below zero (two app servers
 * sold its last bottle at once) fails migration 012's trigger and answers 422 `exceeds_fridge`; the caller's transaction,
 * and with it the document, is rolled back.
 */
export async function writeMoves(trx: Trx, batch: MoveBatch): Promise<void> {
  const moves = batch.moves.filter((move) => move.quantity > 0);
  if (moves.length === 0) return;
  for (const move of moves) {
    if (!Number.isInteger(move.quantity) || move.from === move.to) {
      throw new Error(`Not a move: ${JSON.stringify(move)}`);
    }
  }
  const deltas = balanceDeltas(moves);
  // Templates, not the query builder: every checkout runs them, and building them cost more than the
  // database's work.
  const { at, document } = batch;
  const insertMoves = sql`insert into stock_moves
      (at, drink_id, quantity, from_place, to_place, document_type, document_id, unit_cost)
    values ${sql.join(
      moves.map(
        (move) =>
          sql`(${at}, ${move.drinkId}, ${move.quantity}, ${move.from}, ${move.to}, ${document.type},
            ${document.id}, ${move.unitCost ?? null})`,
      ),
    )}`;
  const upsertBalances = sql`insert into stock_balances (place, drink_id, quantity)
    values ${sql.join(deltas.map((d) => sql`(${d.place}, ${d.drinkId}, ${d.delta})`))}
    on conflict (place, drink_id) do update set quantity = stock_balances.quantity + excluded.quantity`;
  try {
    if (deltas.length === 0) {
      await insertMoves.execute(trx);
    } else if (isPostgres(trx)) {
      await sql`with moved as (${insertMoves}) ${upsertBalances}`.execute(trx);
    } else {
      await insertMoves.execute(trx);
      await upsertBalances.execute(trx);
    }
  } catch (error) {
    if (!isFridgeBelowZero(error)) throw error;
    const short = shortRowOf(error) ?? deltas.find((d) => d.delta < 0 && bungalowOf(d.place) !== null);
    const move = moves.find((m) => m.drinkId === short?.drinkId && m.from === short?.place);
    throw exceedsFridge(
      bungalowOf(short?.place ?? '') ?? 0,
      move?.drinkName ?? `drink #${short?.drinkId ?? '?'}`,
      null,
    );
  }
  // Issue 26: the storeroom's dated lots and the losses at cost move with the moves (nothing for a sale).
  await keepStoreroomLots(trx, batch, moves);
  await keepLossFigures(trx, batch, moves);
}

/**
 * Locks an inside place for a document that reads its balances to decide what to move (a restock's lack, a
 * count's difference): two such documents on one place take turns, and the second reads what the first
 * left. SQLite has one writer at a time already.
 */
export async function lockPlace(trx: Trx, place: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select place from stock_places where place = ${place} for update`.execute(trx);
}

/** What the given inside place holds of each drink (those without a row hold 0). */
export async function balancesOf(
  trx: Trx,
  place: string,
  drinkIds?: readonly number[],
): Promise<Map<number, number>> {
  if (drinkIds && drinkIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('stock_balances')
    .select(['drink_id', 'quantity'])
    .where('place', '=', place)
    .$if(drinkIds !== undefined, (qb) => qb.where('drink_id', 'in', drinkIds ?? []))
    .execute();
  return new Map(rows.map((row) => [row.drink_id, row.quantity]));
}
