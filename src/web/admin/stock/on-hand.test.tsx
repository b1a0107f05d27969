import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { StockDrink } from '../../../shared/stock-types';
import { OnHand } from './on-hand';

const drink = (over: Partial<StockDrink>): StockDrink => ({
  drinkId: 1,
  drinkName: 'Chang',
  packSize: 24,
  sold: true,
  storeroom: 52,
  fridges: 8,
  byFridge: [],
  total: 60,
  countNeeded: false,
  ...over,
});

const render = (drinks: StockDrink[]) =>
  renderToStaticMarkup(<OnHand drinks={drinks} startedAt="2026-11-24T07:00:00Z" ledger={false} />);

/** The row of a drink, its cells' text without tags. */
const row = (html: string, name: string) =>
  (html.match(new RegExp(`<tr[^>]*><th[^>]*>${name}.*?</tr>`))?.[0] ?? '').replace(/<[^>]+>/g, '|');

describe('OnHand', () => {
  it('shows each place in cases and bottles of the pack size, bottles for a drink without one', () => {
    const html = render([
      drink({}),
      drink({ drinkId: 2, drinkName: 'Coke', packSize: null, storeroom: 7, total: 7, fridges: 0 }),
    ]);
    expect(row(html, 'Chang')).toContain('2 cases + 4');
    expect(row(html, 'Chang')).toContain('|8|');
    expect(row(html, 'Chang')).toContain('2 cases + 12');
    expect(row(html, 'Coke')).toContain('|7|');
    // No costs for who may not read them: the server sent none.
    expect(html).not.toContain('Average cost');
  });

  it('marks a storeroom below zero "count needed" and a deleted drink with bottles "no longer sold"', () => {
    const html = render([
      drink({ storeroom: -3, total: 5, countNeeded: true }),
      drink({
        drinkId: 3,
        drinkName: 'Spy',
        packSize: null,
        sold: false,
        storeroom: 2,
        fridges: 0,
        total: 2,
      }),
    ]);
    expect(row(html, 'Chang')).toContain('-3|count needed');
    expect(row(html, 'Spy')).toContain('no longer sold');
    expect(row(html, 'Chang')).not.toContain('no longer sold');
  });

  it('shows the average cost and value in baht to who reads costs', () => {
    const html = render([drink({ averageCost: 3292, value: 197_520 })]);
    expect(html).toContain('Average cost');
    expect(row(html, 'Chang')).toContain('32.92 THB');
    expect(row(html, 'Chang')).toContain('1,975.20 THB');
  });
});
