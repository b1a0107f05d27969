import type { StockMargin } from '../../shared/stock-costs';
import { csvField } from '../checkouts/csv';

const row = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;
/** Baht with two decimals, as an accountant's spreadsheet reads it. */
const baht = (satang: number) => (satang / 100).toFixed(2);

/** The margin as a spreadsheet: a row per drink, the total, then the shrinkage (write-offs by reason, counts). */
export const marginCsvHeader = `\uFEFF${row(['kind', 'name', 'bottles', 'revenue_thb', 'cost_thb', 'margin_thb'])}`;

export function marginCsvRows(margin: StockMargin): string[] {
  return [
    ...margin.drinks.map((d) =>
      row(['sold', d.drinkName, d.sold, baht(d.revenue), baht(d.cost), baht(d.margin)]),
    ),
    row([
      'total',
      `${margin.from} to ${margin.to}`,
      margin.totals.sold,
      baht(margin.totals.revenue),
      baht(margin.totals.cost),
      baht(margin.totals.margin),
    ]),
    ...margin.writeOffs.map((w) => row(['write-off', w.reason, w.quantity, null, baht(w.cost), null])),
    row([
      'count-difference',
      'count',
      margin.countDifferences.quantity,
      null,
      baht(margin.countDifferences.cost),
      null,
    ]),
  ];
}
