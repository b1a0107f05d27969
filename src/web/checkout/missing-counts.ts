import type { Drink } from '../../shared/api-types';
import type { ReceiptItem } from '../../shared/receipt-model';

/** Missing units per drink id, as the guest entered them; a drink not in the map has none missing. */
export type MissingCounts = Readonly<Record<number, number>>;

/** What the counting rules read of a drink (the app's form and the first taps' script alike). */
export type CountedDrink = Pick<Drink, 'id' | 'startingQuantity'>;

/** A checkout line: the drink as the server sent it plus what the guest counted. */
export interface CheckoutItem extends ReceiptItem {
  id: number;
}

/**
 * The count shown for a drink. It is clamped because staff may lower a starting quantity after the guest
 * counted; the count must still stay between 0 and the drink's starting quantity (spec section 4).
 */
export function missingOf(counts: MissingCounts, drink: CountedDrink): number {
  return Math.min(Math.max(counts[drink.id] ?? 0, 0), drink.startingQuantity);
}

export const canRemove = (counts: MissingCounts, drink: CountedDrink) => missingOf(counts, drink) > 0;
export const canAdd = (counts: MissingCounts, drink: CountedDrink) =>
  missingOf(counts, drink) < drink.startingQuantity;

/** Plus and minus: one unit at a time, never leaving 0..startingQuantity. */
export function changeMissing(counts: MissingCounts, drink: CountedDrink, step: 1 | -1): MissingCounts {
  const next = Math.min(Math.max(missingOf(counts, drink) + step, 0), drink.startingQuantity);
  return { ...counts, [drink.id]: next };
}

/** The summary's and the receipt's items, in the order the drinks are shown. */
export function checkoutItems(drinks: readonly Drink[], counts: MissingCounts): CheckoutItem[] {
  return drinks.map((drink) => ({
    id: drink.id,
    name: drink.drinkName,
    price: drink.price,
    missing: missingOf(counts, drink),
  }));
}
