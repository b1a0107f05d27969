import { describe, expect, it } from 'vitest';
import { adminEn } from './i18n/admin-en';
import { adminTh } from './i18n/admin-th';
import { bahtOfSatang, bottlesToBuy, buyListText, daysOfCover, marginQuerySchema } from './stock-costs';

describe('the buy list arithmetic', () => {
  const base = { parsTotal: 40, onHand: 30, soldInPeriod: 56, periodDays: 28, coverDays: 14, packSize: null };

  it('buys what fills the fridges to their pars and keeps the days of cover, less what is on hand', () => {
    // 40 in the fridges + 14 days × 2 a day = 68; 30 on hand: 38 short.
    expect(bottlesToBuy(base)).toBe(38);
  });

  it('rounds up to whole cases', () => {
    expect(bottlesToBuy({ ...base, packSize: 24 })).toBe(48);
    expect(bottlesToBuy({ ...base, onHand: 44, packSize: 24 })).toBe(24);
  });

  it('buys what the storeroom owes when it is below zero, and nothing when enough is on hand', () => {
    expect(bottlesToBuy({ ...base, onHand: -10 })).toBe(78);
    expect(bottlesToBuy({ ...base, onHand: 68 })).toBe(0);
    expect(bottlesToBuy({ ...base, onHand: 500, packSize: 24 })).toBe(0);
  });

  it('keeps a part of a day of sales as a whole bottle', () => {
    // 3 sold in 28 days, 14 days of cover: 1.5 bottles, so 2.
    expect(bottlesToBuy({ ...base, soldInPeriod: 3, parsTotal: 0, onHand: 0 })).toBe(2);
  });

  it('says the whole days of cover, none when nothing sold', () => {
    expect(daysOfCover(30, 56, 28)).toBe(15);
    expect(daysOfCover(-5, 56, 28)).toBe(0);
    expect(daysOfCover(30, 0, 28)).toBeNull();
  });
});

describe('the buy list as text', () => {
  const drinks = [
    { drinkName: 'Chang', packSize: 24, buy: 72 },
    { drinkName: 'Coke', packSize: null, buy: 5 },
    { drinkName: 'Wine', packSize: 6, buy: 0 },
  ];

  it('names cases and bottles, and leaves out what need not be bought', () => {
    expect(buyListText(drinks, { cases: adminEn.buyCases, bottles: adminEn.buyBottles })).toBe(
      'Chang: 3 cases (72)\nCoke: 5 bottles',
    );
    expect(buyListText(drinks, { cases: adminTh.buyCases, bottles: adminTh.buyBottles })).toBe(
      'Chang: 3 ลัง (72)\nCoke: 5 ขวด',
    );
  });
});

describe('money and the margin period', () => {
  it('shows satang as baht with two decimals', () => {
    expect(bahtOfSatang(3292)).toBe('32.92');
    expect(bahtOfSatang(192_000)).toBe('1,920.00');
    expect(bahtOfSatang(-1000)).toBe('-10.00');
  });

  it('takes two real days in order, at most a year apart', () => {
    expect(marginQuerySchema.safeParse({ from: '2026-04-01', to: '2026-04-30' }).success).toBe(true);
    expect(marginQuerySchema.safeParse({ from: '2025-01-01', to: '2025-12-31' }).success).toBe(true);
    expect(marginQuerySchema.safeParse({ from: '2026-04-30', to: '2026-04-01' }).success).toBe(false);
    expect(marginQuerySchema.safeParse({ from: '2025-01-01', to: '2026-01-02' }).success).toBe(false);
    expect(marginQuerySchema.safeParse({ from: '2026-02-30', to: '2026-03-01' }).success).toBe(false);
  });
});
