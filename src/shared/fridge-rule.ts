/**
 * What a fridge holds and what a check may take: the one rule, read by the server (POST /api/checkouts, GET
 * /api/fridges/:n, the restock list) and by the checkout page. DESIGN.md, "Pars" and "What a fridge holds".
 */

export interface ParSource {
  /** The catalogue's: what a full fridge holds (the spec's 'Starting: N'). */
  startingQuantity: number;
}

/** A bungalow's par for a drink: its own when set (0 = not carried), else the catalogue's startingQuantity. */
export function parOf(drink: ParSource, override: number | undefined | null): number {
  return override ?? drink.startingQuantity;
}

export interface FridgeDrink {
  par: number;
  /** With stock on, what the ledger says the fridge holds; with stock off, unused (a fridge is always full). */
  holds: number;
}

/**
 * The most a check may count missing: with stock on, what the fridge holds as the check begins (a guest is
 * never charged for what an earlier guest took); with stock off, the par (the spec's startingQuantity when the
 * bungalow has no par of its own).
 */
export function mostMissing(drink: FridgeDrink, stock: boolean): number {
  return Math.max(0, stock ? drink.holds : drink.par);
}

/**
 * Whether the drink is on this bungalow's checkout: par 0 hides it (the fridge does not carry it), unless
 * stock says bottles are still in that fridge (they can still be taken, and paid for).
 */
export function shownAtCheckout(drink: FridgeDrink, stock: boolean): boolean {
  return drink.par > 0 || (stock && drink.holds > 0);
}

/** What a restock puts in: the fridge's lack, par − holds, never below zero. */
export function lackOf(drink: FridgeDrink): number {
  return Math.max(0, drink.par - drink.holds);
}

/** Bottles as cases and loose bottles for a drink's packSize (null: bottles only). */
export function casesAndBottles(units: number, packSize: number | null): { cases: number; bottles: number } {
  if (!packSize || packSize <= 1 || units <= 0) return { cases: 0, bottles: units };
  return { cases: Math.floor(units / packSize), bottles: units % packSize };
}
