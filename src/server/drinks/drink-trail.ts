import { numberIn, objectIn, type TrailEvent, type TrailStep, textIn } from '../audit/trail-event';
import { seedDrinks } from '../db/seed';

/** A drink as its events make it: the fields of its `Drinks` row that a checkout's price and name come from. */
export interface DrinkOnTrail {
  drinkName: string | null;
  price: number | null;
  startingQuantity: number | null;
  section: string | null;
  packSize: number | null;
}

/** The events that make and change a drink (subject `drink`). */
export const drinkTrailActions = ['drink.added', 'drink.changed', 'drink.deleted'] as const;

const fields = ['drinkName', 'price', 'startingQuantity', 'section', 'packSize'] as const;

/**
 * The catalogue a new install starts with (seed.ts writes it without events: counted from the first event, a
 * fresh chain is empty): drink `n` is the seed's n-th until an event says otherwise. Drinks from before the
 * trail came in by migration 029's `drink.added` events.
 */
export function seededDrink(id: number): DrinkOnTrail | undefined {
  const seed = seedDrinks[id - 1];
  return seed && { ...seed, section: null, packSize: null };
}

/** One field of a drink from an event's `after` (a change names only the fields it changed). */
function withFields(row: DrinkOnTrail, after: Record<string, unknown>): DrinkOnTrail {
  const next = { ...row };
  for (const field of fields) {
    if (!(field in after)) continue;
    const value = after[field];
    if (field === 'drinkName' || field === 'section') next[field] = textIn(value);
    else next[field] = numberIn(value);
  }
  return next;
}

/** What one event does to a drink (drinks.repo.ts as the trail records it): added, changed, deleted. */
export function applyDrinkEvent(row: DrinkOnTrail | undefined, event: TrailEvent): TrailStep<DrinkOnTrail> {
  const { details } = event;
  if (event.action === 'drink.added') {
    const empty: DrinkOnTrail = {
      drinkName: null,
      price: null,
      startingQuantity: null,
      section: null,
      packSize: null,
    };
    return { row: withFields(empty, objectIn(details.after)) };
  }
  if (!row) return { problem: `${event.action} (event ${event.seq}) for a drink no event added` };
  if (event.action === 'drink.changed') return { row: withFields(row, objectIn(details.after)) };
  if (event.action === 'drink.deleted') return { row: undefined };
  return { row };
}
