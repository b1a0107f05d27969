import { describe, expect, it } from 'vitest';
import { buildReceiptModel } from './receipt-model';

const items = [
  { name: 'Coke', price: 40, missing: 2 },
  { name: 'Wine', price: 450, missing: 0 },
  { name: 'Smirnoff ICE', price: 120, missing: 1 },
];

describe('buildReceiptModel', () => {
  it('titles the receipt with the bungalow and dates it with the given local date', () => {
    const model = buildReceiptModel({ bungalow: 7, items, date: '22/11/2026' });
    expect(model.title).toBe('Bungalow #7 Fridge Checkout');
    expect(model.dateLine).toBe('Date: 22/11/2026');
    // The checkout page's receipt names no guest (the spec's receipt).
    expect(model.guestLine).toBeNull();
  });

  it('names the guest on a recorded receipt that staff download', () => {
    const model = buildReceiptModel({ bungalow: 7, items, date: 'd', guestName: 'Mia Chen' });
    expect(model.guestLine).toBe('Guest: Mia Chen');
  });

  it('lists only the drinks with something missing, as "quantity x name" with the line price in THB', () => {
    const model = buildReceiptModel({ bungalow: 1, items, date: 'd' });
    expect(model.lines).toEqual([
      { label: '2 x Coke', amount: '80 THB' },
      { label: '1 x Smirnoff ICE', amount: '120 THB' },
    ]);
    expect(model.totalLabel).toBe('Total Cost');
    expect(model.totalAmount).toBe('200 THB');
  });

  it('thanks the guest in the footer and recaps the drinks and the total', () => {
    const { footer } = buildReceiptModel({ bungalow: 3, items, date: 'd' });
    expect(footer).toContain('Thank you for staying with us in Bungalow #3!');
    expect(footer).toContain('2 x Coke, 1 x Smirnoff ICE');
    expect(footer).toContain('Total: 200 THB');
  });

  it('has no lines and a zero total when nothing is missing', () => {
    const model = buildReceiptModel({
      bungalow: 1,
      items: [{ name: 'Coke', price: 40, missing: 0 }],
      date: 'd',
    });
    expect(model.lines).toEqual([]);
    expect(model.totalAmount).toBe('0 THB');
  });

  it("names the resort from the settings, and none when the settings have no name (the spec's receipt)", () => {
    expect(
      buildReceiptModel({ bungalow: 1, items, date: 'd', resortName: ' Koh Lanta Huts ' }).resortName,
    ).toBe('Koh Lanta Huts');
    expect(buildReceiptModel({ bungalow: 1, items, date: 'd', resortName: '' }).resortName).toBeNull();
    expect(buildReceiptModel({ bungalow: 1, items, date: 'd' }).resortName).toBeNull();
  });
});
