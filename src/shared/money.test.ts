import { describe, expect, it } from 'vitest';
import { formatThb, grandTotal, lineTotal, selectedItems } from './money';

describe('money', () => {
  it('a line costs missing x price', () => {
    expect(lineTotal(3, 70)).toBe(210);
    expect(lineTotal(0, 70)).toBe(0);
  });

  it('only items with something missing are selected and counted', () => {
    const items = [
      { name: 'Coke', missing: 2, price: 40 },
      { name: 'Wine', missing: 0, price: 450 },
      { name: 'LEO', missing: 1, price: 80 },
    ];
    expect(selectedItems(items).map((i) => i.name)).toEqual(['Coke', 'LEO']);
    expect(grandTotal(items)).toBe(160);
    expect(grandTotal([])).toBe(0);
  });

  it('amounts are shown in THB', () => {
    expect(formatThb(140)).toBe('140 THB');
  });
});
