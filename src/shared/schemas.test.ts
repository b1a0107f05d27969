import { describe, expect, it } from 'vitest';
import { parseBungalowParam } from './bungalow';
import { checkoutInputSchema, drinkInputSchema, guestInputSchema, loginInputSchema } from './schemas';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('drinkInputSchema', () => {
  it('accepts a drink and trims its name', () => {
    expect(drinkInputSchema.parse({ drinkName: ' Coke ', startingQuantity: 5, price: 70 })).toEqual({
      drinkName: 'Coke',
      startingQuantity: 5,
      price: 70,
    });
  });

  it('enforces the spec minimums and our upper limits', () => {
    expect(messages(drinkInputSchema.safeParse({ drinkName: '', startingQuantity: 5, price: 70 }))).toEqual([
      'Drink name is required',
    ]);
    expect(messages(drinkInputSchema.safeParse({ drinkName: 'A', startingQuantity: 0, price: 70 }))).toEqual([
      'Starting quantity must be at least 1',
    ]);
    expect(messages(drinkInputSchema.safeParse({ drinkName: 'A', startingQuantity: 5, price: 0 }))).toEqual([
      'Price must be at least 1 THB',
    ]);
    expect(
      drinkInputSchema.safeParse({ drinkName: 'x'.repeat(60), startingQuantity: 999, price: 100_000 })
        .success,
    ).toBe(true);
    expect(
      drinkInputSchema.safeParse({ drinkName: 'x'.repeat(61), startingQuantity: 5, price: 70 }).success,
    ).toBe(false);
    expect(drinkInputSchema.safeParse({ drinkName: 'A', startingQuantity: 1000, price: 70 }).success).toBe(
      false,
    );
    expect(drinkInputSchema.safeParse({ drinkName: 'A', startingQuantity: 5, price: 100_001 }).success).toBe(
      false,
    );
    expect(
      drinkInputSchema.safeParse({ drinkName: 'A', startingQuantity: 5, price: 70, id: 1 }).success,
    ).toBe(false);
  });
});

describe('guestInputSchema', () => {
  it('requires a name and a valid email', () => {
    expect(guestInputSchema.safeParse({ name: 'Anna', email: 'anna@example.com' }).success).toBe(true);
    expect(messages(guestInputSchema.safeParse({ name: ' ', email: 'anna@example.com' }))).toEqual([
      'Guest name is required',
    ]);
    expect(messages(guestInputSchema.safeParse({ name: 'Anna', email: 'anna' }))).toEqual([
      'Enter a valid email address',
    ]);
  });
});

describe('checkoutInputSchema', () => {
  it('accepts a bungalow and counted items, rejects duplicates and out-of-range numbers', () => {
    expect(checkoutInputSchema.safeParse({ bungalow: 1, items: [{ drinkId: 1, missing: 2 }] }).success).toBe(
      true,
    );
    expect(checkoutInputSchema.safeParse({ bungalow: 0, items: [] }).success).toBe(false);
    expect(checkoutInputSchema.safeParse({ bungalow: 1, items: [{ drinkId: 1, missing: -1 }] }).success).toBe(
      false,
    );
    expect(
      checkoutInputSchema.safeParse({
        bungalow: 1,
        items: [
          { drinkId: 1, missing: 1 },
          { drinkId: 1, missing: 1 },
        ],
      }).success,
    ).toBe(false);
  });
});

describe('loginInputSchema', () => {
  it('takes any non-empty password without truncating it', () => {
    const long = 'ü'.repeat(500);
    expect(loginInputSchema.parse({ password: long }).password).toBe(long);
    expect(loginInputSchema.safeParse({ password: '' }).success).toBe(false);
  });
});

describe('parseBungalowParam', () => {
  it('reads a bungalow number and falls back to 1 for anything else', () => {
    expect(parseBungalowParam('12')).toBe(12);
    expect(parseBungalowParam(null)).toBe(1);
    for (const bad of ['abc', '-3', '0', '1.5', '', '10000', '1e3'])
      expect(parseBungalowParam(bad), bad).toBe(1);
  });
});
