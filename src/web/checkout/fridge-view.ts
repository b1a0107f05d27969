import type { Drink } from '../../shared/api-types';
import { lackOf, mostMissing, shownAtCheckout } from '../../shared/fridge-rule';
import type { FridgeState } from '../../shared/stock-types';

/** A drink a fridge below its par lacks: what staff carry to it ("Not refilled since the last check: 2 Chang"). */
export interface FridgeLack {
  drinkName: string;
  lack: number;
}

export interface FridgeView {
  /** The drinks this fridge carries, each with 'Starting: N' as the most a check may count missing. */
  drinks: Drink[];
  /** With stock on, the drinks the fridge holds fewer of than its par. */
  lacking: FridgeLack[];
}

/**
 * The checkout's drinks at one bungalow's fridge (shared/fridge-rule.ts, as the server reads it): par 0
 * hides a drink; 'Starting: N' and the + button stop at the bungalow's par, or with stock on at what the
 * fridge holds. Without the fridge's answer (an older server, no network and no kept copy) the drinks are the
 * spec's: every fridge full at the catalogue's starting quantity. A drink the answer does not list (added
 * since) is the catalogue's too.
 */
export function drinksAtFridge(drinks: readonly Drink[], fridge: FridgeState | null): FridgeView {
  if (!fridge) return { drinks: [...drinks], lacking: [] };
  const items = new Map(fridge.items.map((item) => [item.drinkId, item]));
  const shown: Drink[] = [];
  const lacking: FridgeLack[] = [];
  for (const drink of drinks) {
    const item = items.get(drink.id);
    if (!item) {
      shown.push(drink);
      continue;
    }
    if (!shownAtCheckout(item, fridge.stock)) continue;
    const most = mostMissing(item, fridge.stock);
    // The same object when nothing changes: the spec's drink, field for field.
    shown.push(most === drink.startingQuantity ? drink : { ...drink, startingQuantity: most });
    const lack = fridge.stock ? lackOf(item) : 0;
    if (lack > 0) lacking.push({ drinkName: drink.drinkName, lack });
  }
  return { drinks: shown, lacking };
}
