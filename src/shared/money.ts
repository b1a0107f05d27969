import { CURRENCY } from './constants';

/** Money is whole baht: integers only, so sums never drift. */
export function lineTotal(missing: number, price: number): number {
  return missing * price;
}

export interface CountedItem {
  missing: number;
  price: number;
}

/** Only items with something missing count; see spec section 5. */
export function selectedItems<T extends CountedItem>(items: readonly T[]): T[] {
  return items.filter((item) => item.missing > 0);
}

export function grandTotal(items: readonly CountedItem[]): number {
  return selectedItems(items).reduce((sum, item) => sum + lineTotal(item.missing, item.price), 0);
}

export function formatThb(amount: number): string {
  return `${amount} ${CURRENCY}`;
}
