import { describe, expect, it } from 'vitest';
import {
  bahtOf,
  bottlesOf,
  countLines,
  deliveryLines,
  enterCount,
  unitCostOf,
  wholeNumberOf,
} from './stock-lines';

describe('the stock forms', () => {
  it('read blanks as no value, never as zero, and refuse what is not a number', () => {
    expect(wholeNumberOf('')).toBeNull();
    expect(wholeNumberOf('  ')).toBeNull();
    expect(wholeNumberOf('0')).toBe(0);
    expect(wholeNumberOf('12')).toBe(12);
    expect(wholeNumberOf('1.5')).toBeNaN();
    expect(wholeNumberOf('-3')).toBeNaN();
    expect(bahtOf('790')).toBe(790);
    expect(bahtOf('1,580.50')).toBe(1580.5);
    expect(bahtOf('12.345')).toBeNaN();
    expect(bahtOf('')).toBeNull();
  });

  it('take cases as bottles and a case price as satang per bottle', () => {
    expect(bottlesOf(2, 'cases', 24)).toBe(48);
    expect(bottlesOf(5, 'bottles', 24)).toBe(5);
    expect(bottlesOf(2, 'cases', null)).toBe(2);
    // DESIGN.md: a case of 24 Chang at 790 THB is 3292 satang a bottle.
    expect(unitCostOf(790, 'cases', 24)).toBe(3292);
    expect(unitCostOf(32.5, 'bottles', 24)).toBe(3250);
  });

  it('make a delivery of the rows filled in, and name the first row that is wrong', () => {
    const row = { packSize: 24, unit: 'cases' as const, expiresOn: '' };
    expect(
      deliveryLines([
        { ...row, drinkId: 1, quantity: '2', cost: '790', expiresOn: '2027-01-31' },
        { ...row, drinkId: 2, quantity: '', cost: '' },
        { ...row, drinkId: 3, quantity: '6', cost: '15', unit: 'bottles' },
      ]),
    ).toEqual({
      lines: [
        { drinkId: 1, quantity: 48, unitCost: 3292, expiresOn: '2027-01-31' },
        { drinkId: 3, quantity: 6, unitCost: 1500 },
      ],
    });
    expect(deliveryLines([{ ...row, drinkId: 4, quantity: '2', cost: '' }])).toEqual({
      drinkId: 4,
      problem: 'cost',
    });
    expect(deliveryLines([{ ...row, drinkId: 5, quantity: 'two', cost: '1' }])).toEqual({
      drinkId: 5,
      problem: 'quantity',
    });
  });

  it('keep what a count line expected when it was typed, while bottles move on (decision 080)', () => {
    let entry = enterCount(undefined, '4', 46);
    expect(entry).toEqual({ counted: '4', expected: 46 });
    // The storeroom moved to 34 while the counter went on typing: the line keeps 46.
    entry = enterCount(entry, '40', 34);
    expect(entry).toEqual({ counted: '40', expected: 46 });
    // Emptied: no line, and a new number takes what the page shows then.
    expect(enterCount(entry, '', 34)).toBeUndefined();
    expect(enterCount(undefined, '30', 34)).toEqual({ counted: '30', expected: 34 });
    expect(countLines({ 1: { counted: '40', expected: 46 }, 2: { counted: '0', expected: 3 } })).toEqual({
      lines: [
        { drinkId: 1, counted: 40, expected: 46 },
        { drinkId: 2, counted: 0, expected: 3 },
      ],
    });
    expect(countLines({ 7: { counted: 'x', expected: 1 } })).toEqual({ drinkId: 7 });
  });
});
