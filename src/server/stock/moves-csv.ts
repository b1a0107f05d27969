import type { StockMove } from '../../shared/stock-types';
import { csvField } from '../checkouts/csv';

const row = (fields: (string | number | null)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** The ledger as a spreadsheet: one row per move, oldest first; costs in satang, as the API gives them. */
export const movesCsvHeader = `\uFEFF${row([
  'id',
  'at',
  'drink_id',
  'quantity',
  'from',
  'to',
  'document_type',
  'document_id',
  'unit_cost_satang',
])}`;

export function movesCsvRow(move: StockMove): string {
  return row([
    move.id,
    move.at,
    move.drinkId,
    move.quantity,
    move.from,
    move.to,
    move.document.type,
    move.document.id,
    move.unitCost ?? null,
  ]);
}
