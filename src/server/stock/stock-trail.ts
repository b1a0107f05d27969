import { fridgeOf, isInsidePlace, storeroom } from '../../shared/stock-types';
import { numberIn, objectIn, type TrailEvent, textIn } from '../audit/trail-event';

/** What one event does to one balance: `delta` bottles of a drink into (or, below 0, out of) an inside place. */
export interface BalanceChange {
  place: string;
  drinkId: number;
  delta: number;
}

/**
 * What an event says of the stock balances (DESIGN.md, "The trail is the books"): the changes it made, or the
 * balances it carried in whole (migration 032's `stock.carried`: the balances of an install older than these
 * events, as they stood).
 */
export type StockStep = { changes: BalanceChange[] } | { carried: BalanceChange[] };

/**
 * The events that move bottles between inside places (the storeroom, a fridge) and the world, each read the way
 * the ledger's writer (ledger.ts) was called beside it: every call of `writeMoves` has its event.
 */
export const stockTrailActions = [
  'stock.carried',
  'stock.started',
  'stock.fridge_opened',
  'stock.received',
  'stock.counted',
  'stock.written_off',
  'restock.done',
  'checkout.recorded',
  'checkout.revised',
  'checkout.voided',
] as const;

interface Line {
  drinkId: number;
  quantity: number;
}

/** The `{drinkId, <field>}` lines of an event's list, the field read as the quantity; others skipped. */
function linesIn(value: unknown, field = 'quantity'): Line[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((line) => {
    const drinkId = numberIn(objectIn(line).drinkId);
    const quantity = numberIn(objectIn(line)[field]);
    return drinkId === null || quantity === null ? [] : [{ drinkId, quantity }];
  });
}

const into = (place: string, lines: readonly Line[], sign: 1 | -1): BalanceChange[] =>
  lines.map((line) => ({ place, drinkId: line.drinkId, delta: sign * line.quantity }));

/** A fridge of the bungalow an event names (`details.bungalow`), or null. */
const fridgeIn = (value: unknown): string | null => {
  const bungalow = numberIn(value);
  return bungalow === null ? null : fridgeOf(bungalow);
};

/** A revision's bottles: what the new lines take beyond the old ones, per drink (moveSold's difference). */
function revisedLines(before: unknown, after: unknown): Line[] {
  const change = new Map<number, number>();
  for (const line of linesIn(objectIn(before).lines))
    change.set(line.drinkId, (change.get(line.drinkId) ?? 0) - line.quantity);
  for (const line of linesIn(objectIn(after).lines))
    change.set(line.drinkId, (change.get(line.drinkId) ?? 0) + line.quantity);
  return [...change].map(([drinkId, quantity]) => ({ drinkId, quantity }));
}

/**
 * What one event does to the balances (the rules of stock.repo.ts, fridges.ts, restock.repo.ts,
 * checkouts.repo.ts and history.repo.ts as the trail records them). Only inside places hold a balance; changes of
 * 0 change nothing, as the ledger writes none.
 */
export function applyStockEvent(event: TrailEvent): StockStep {
  const { details } = event;
  const changes = (): BalanceChange[] => {
    switch (event.action) {
      case 'stock.started':
        return into(storeroom, linesIn(details.storeroom), 1);
      case 'stock.fridge_opened': {
        const fridge = fridgeIn(details.bungalow);
        return fridge ? into(fridge, linesIn(details.lines), 1) : [];
      }
      case 'stock.received':
        return into(storeroom, linesIn(details.lines), 1);
      case 'stock.counted':
        return into(textIn(details.place) ?? '', linesIn(details.lines, 'difference'), 1);
      case 'stock.written_off':
        return into(textIn(details.place) ?? '', linesIn(details.lines), -1);
      case 'restock.done': {
        // `moved` is there only with stock on: from the storeroom into the bungalow's fridge.
        const moved = linesIn(details.moved);
        const fridge = fridgeIn(Number(event.subjectId));
        return fridge ? [...into(storeroom, moved, -1), ...into(fridge, moved, 1)] : [];
      }
      case 'checkout.recorded': {
        const fridge = details.fromFridge === true ? fridgeIn(details.bungalow) : null;
        return fridge ? into(fridge, linesIn(details.lines), -1) : [];
      }
      case 'checkout.revised': {
        const fridge = details.fromFridge === true ? fridgeIn(details.bungalow) : null;
        return fridge ? into(fridge, revisedLines(details.before, details.after), -1) : [];
      }
      case 'checkout.voided': {
        // `returned`: the bottles went back into the fridge (a complimentary void's go guest → write-off).
        const fridge = fridgeIn(details.bungalow);
        return fridge ? into(fridge, linesIn(details.returned), 1) : [];
      }
      default:
        return [];
    }
  };
  if (event.action === 'stock.carried') {
    const carried = Array.isArray(details.balances) ? details.balances : [];
    return {
      carried: carried.flatMap((balance) => {
        const place = textIn(objectIn(balance).place);
        const drinkId = numberIn(objectIn(balance).drinkId);
        const quantity = numberIn(objectIn(balance).quantity);
        return place === null || drinkId === null || quantity === null
          ? []
          : [{ place, drinkId, delta: quantity }];
      }),
    };
  }
  return { changes: changes().filter((change) => change.delta !== 0 && isInsidePlace(change.place)) };
}

/** A balance's name in a difference: "fridge:4 drink #1". */
export const balanceId = (place: string, drinkId: number): string => `${place} drink #${drinkId}`;
