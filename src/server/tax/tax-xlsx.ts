import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import type { TaxWorkbook, WorkbookCell } from './tax-workbook';

/**
 * The workbook model written as an .xlsx file with write-excel-file (docs/decisions/170): text cells stay
 * text (a tax ID keeps its leading zeros), baht are numbers shown with two decimals and thousands separators.
 */

export const bahtFormat = '#,##0.00';

function cellOf(cell: WorkbookCell): Cell {
  if (cell === null) return null;
  const bold = cell.bold ? { fontWeight: 'bold' as const } : {};
  // The column headings are long Thai words: wrapped in their column, centred, as the form prints them.
  if (cell.kind === 'text' && cell.heading) {
    return {
      type: String,
      value: cell.value,
      ...bold,
      wrap: true,
      align: 'center',
      alignVertical: 'center',
      height: 32,
    };
  }
  if (cell.kind === 'text') return { type: String, value: cell.value, ...bold };
  if (cell.kind === 'count') return { type: Number, value: cell.value, ...bold };
  return { type: Number, value: cell.value, format: bahtFormat, ...bold };
}

export async function taxXlsx(workbook: TaxWorkbook): Promise<ArrayBuffer> {
  const sheetOf = (sheet: Omit<TaxWorkbook, 'returnSheet'>) => ({
    data: sheet.rows.map((row) => row.map(cellOf)) as SheetData,
    sheet: sheet.sheetName,
    columns: sheet.widths.map((width) => ({ width })),
    orientation: 'landscape' as const,
  });
  const sheets = [sheetOf(workbook), ...(workbook.returnSheet ? [sheetOf(workbook.returnSheet)] : [])];
  const buffer = await writeXlsxFile(sheets).toBuffer();
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

export const taxXlsxFileName = (month: string, daily: boolean) =>
  `tax-report-${month}${daily ? '-daily' : ''}.xlsx`;
