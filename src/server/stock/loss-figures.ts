import type { Transaction } from 'kysely';
import { quarterHourOf } from '../../shared/local-days';
import type { Database } from '../db/tables';
import type { Move, MoveBatch } from './move';

/**
 * The shrinkage the margin reads (`stock_losses_quarter`, migration 014): per UTC quarter hour, drink and kind
 * (a write-off's reason, or `count`), the bottles lost and their cost at the moment. A count that found
 * bottles adds a negative quantity and cost. Kept by the ledger's writer with the moves of a write-off or a
 * count, so no path that writes one off can forget it; write-offs and counts are rare, so these rows are
 * never a hot spot.
 */

type Trx = Transaction<Database>;

/** The kind a loss is kept under: a write-off's reason, or `count`. */
export const countDifferenceKind = 'count';

interface LossDelta {
  drinkId: number;
  quantity: number;
  cost: number;
  costed: number;
}

function lossDeltas(moves: readonly Move[], lostTo: 'write-off' | 'count'): LossDelta[] {
  const sums = new Map<number, LossDelta>();
  for (const move of moves) {
    const sign = move.to === lostTo ? 1 : move.from === lostTo ? -1 : 0;
    if (sign === 0) continue;
    const sum = sums.get(move.drinkId) ?? { drinkId: move.drinkId, quantity: 0, cost: 0, costed: 0 };
    sum.quantity += sign * move.quantity;
    if (move.unitCost !== null && move.unitCost !== undefined) {
      sum.cost += sign * move.quantity * move.unitCost;
      sum.costed += sign * move.quantity;
    }
    sums.set(move.drinkId, sum);
  }
  return [...sums.values()].filter((sum) => sum.quantity !== 0).sort((a, b) => a.drinkId - b.drinkId);
}

/** Called by writeMoves for every batch: only a write-off's or a count's moves are losses. */
export async function keepLossFigures(trx: Trx, batch: MoveBatch, moves: readonly Move[]): Promise<void> {
  const { type, id } = batch.document;
  if (type !== 'write-off' && type !== 'count') return;
  let kind: string = countDifferenceKind;
  if (type === 'write-off') {
    const writeOff = await trx
      .selectFrom('stock_write_offs')
      .select('reason')
      .where('id', '=', id)
      .executeTakeFirst();
    kind = writeOff?.reason ?? 'other';
  }
  const deltas = lossDeltas(moves, type === 'write-off' ? 'write-off' : 'count');
  if (deltas.length === 0) return;
  const bucket = quarterHourOf(batch.at);
  await trx
    .insertInto('stock_losses_quarter')
    .values(
      deltas.map((d) => ({
        bucket,
        drink_id: d.drinkId,
        kind,
        quantity: d.quantity,
        cost: d.cost,
        costed: d.costed,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['bucket', 'drink_id', 'kind']).doUpdateSet((eb) => ({
        quantity: eb('stock_losses_quarter.quantity', '+', eb.ref('excluded.quantity')),
        cost: eb('stock_losses_quarter.cost', '+', eb.ref('excluded.cost')),
        costed: eb('stock_losses_quarter.costed', '+', eb.ref('excluded.costed')),
      })),
    )
    .execute();
}
