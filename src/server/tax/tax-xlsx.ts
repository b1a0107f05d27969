import writeXlsxFile, { type Cell, type SheetData } from 'write-excel-file/node';
import { findElement, replaceElement, sanitizeTextContent } from 'write-excel-file/utility';
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

/** A sheet's name in a formula: quoted, a quote in it doubled. */
const sheetReference = (name: string) => `'${name.replace(/'/g, "''")}'`;

/**
 * Print titles (seventh stage): the rows each printed page repeats at its top, which Excel and LibreOffice keep
 * as the defined name `_xlnm.Print_Titles` of the sheet (ECMA-376 part 1, 18.2.6). write-excel-file has no
 * option for it, but lets a feature transform `xl/workbook.xml`, whose `<definedNames/>` it writes empty: this
 * one fills it. `sheets` holds each sheet in order, with the 1-based row to repeat, or undefined for none.
 */
/** A write-excel-file feature as its Node build takes them (the sheets' overload, the last). */
type XlsxFeature = NonNullable<NonNullable<Parameters<typeof writeXlsxFile>[1]>['features']>[number];

export function printTitles(sheets: { name: string; row: number | undefined }[]): XlsxFeature {
  const names = sheets.flatMap(({ name, row }, index) =>
    row === undefined
      ? []
      : [
          `<definedName name="_xlnm.Print_Titles" localSheetId="${index}">${sanitizeTextContent(
            `${sheetReference(name)}!$${row}:$${row}`,
          )}</definedName>`,
        ],
  );
  return {
    files: {
      transform: {
        'xl/workbook.xml': {
          transform(xml) {
            const element = findElement(xml, 'definedNames');
            if (names.length === 0) return xml;
            if (!element)
              throw new Error('write-excel-file wrote no <definedNames/>: the print titles need one');
            return replaceElement(xml, element, `<definedNames>${names.join('')}</definedNames>`);
          },
        },
      },
    },
  };
}

export async function taxXlsx(workbook: TaxWorkbook): Promise<ArrayBuffer> {
  const sheetOf = (sheet: Omit<TaxWorkbook, 'returnSheet'>) => ({
    data: sheet.rows.map((row) => row.map(cellOf)) as SheetData,
    sheet: sheet.sheetName,
    columns: sheet.widths.map((width) => ({ width })),
    orientation: 'landscape' as const,
  });
  const parts = [workbook, ...(workbook.returnSheet ? [workbook.returnSheet] : [])];
  const titles = printTitles(parts.map((sheet) => ({ name: sheet.sheetName, row: sheet.headingRow })));
  const buffer = await writeXlsxFile(parts.map(sheetOf), { features: [titles] }).toBuffer();
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

export const taxXlsxFileName = (month: string, daily: boolean) =>
  `tax-report-${month}${daily ? '-daily' : ''}.xlsx`;
