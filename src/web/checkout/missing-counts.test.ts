import { describe, expect, it } from 'vitest';
import type { Drink } from '../../shared/api-types';
import {
  canAdd,
  canRemove,
  changeMissing,
  checkoutItems,
  type MissingCounts,
  missingOf,
} from './missing-counts';

const drink = (overrides: Partial<Drink> = {}): Drink => ({
  id: 1,
  drinkName: 'Coke',
  startingQuantity: 2,
  price: 40,
  section: null,
  sectionOrder: 1,
  ...overrides,
});

describe('missing counts', () => {
  it('start at 0, where minus is disabled and plus is enabled', () => {
    const coke = drink();
    expect(missingOf({}, coke)).toBe(0);
    expect(canRemove({}, coke)).toBe(false);
    expect(canAdd({}, coke)).toBe(true);
  });

  it('plus raises by one and stops at the starting quantity', () => {
    const coke = drink({ startingQuantity: 2 });
    let counts: MissingCounts = {};
    counts = changeMissing(counts, coke, 1);
    expect(missingOf(counts, coke)).toBe(1);
    counts = changeMissing(counts, coke, 1);
    expect(missingOf(counts, coke)).toBe(2);
    expect(canAdd(counts, coke)).toBe(false);
    counts = changeMissing(counts, coke, 1);
    expect(missingOf(counts, coke)).toBe(2);
  });

  it('minus lowers by one and never goes below 0', () => {
    const coke = drink();
    let counts: MissingCounts = { 1: 1 };
    counts = changeMissing(counts, coke, -1);
    expect(missingOf(counts, coke)).toBe(0);
    expect(canRemove(counts, coke)).toBe(false);
    counts = changeMissing(counts, coke, -1);
    expect(missingOf(counts, coke)).toBe(0);
  });

  it('stay within a starting quantity that staff lowered after the guest counted', () => {
    const coke = drink({ startingQuantity: 1 });
    const counts: MissingCounts = { 1: 4 };
    expect(missingOf(counts, coke)).toBe(1);
    expect(canAdd(counts, coke)).toBe(false);
    expect(missingOf(changeMissing(counts, coke, -1), coke)).toBe(0);
  });

  it('keep each drink separate', () => {
    const coke = drink({ id: 1 });
    const wine = drink({ id: 2, drinkName: 'Wine', startingQuantity: 1, price: 450 });
    const counts = changeMissing({}, wine, 1);
    expect(missingOf(counts, coke)).toBe(0);
    expect(missingOf(counts, wine)).toBe(1);
  });

  it('become the summary items in the drinks order, with name, price and count', () => {
    const coke = drink({ id: 1 });
    const wine = drink({ id: 2, drinkName: 'Wine', startingQuantity: 1, price: 450 });
    expect(checkoutItems([wine, coke], { 1: 2 })).toEqual([
      { id: 2, name: 'Wine', price: 450, missing: 0 },
      { id: 1, name: 'Coke', price: 40, missing: 2 },
    ]);
  });
});
