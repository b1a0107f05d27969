import { localDayOf } from '../../shared/local-days';
import type { TaxReport, TaxReportRow, TaxSeller } from '../../shared/tax';
import { counts } from './tax-export';

/**
 * The output-tax report (รายงานภาษีขาย) as the Revenue Department's form lays it out (Director-General's
 * notification 89): the title, the tax month in Thai and the Buddhist year, the seller's block, then one row a
 * document in number order and the totals. A plain model of cells here; `tax-xlsx.ts` writes it as a workbook.
 */

/** A cell: text stays text (a tax ID keeps its leading zeros); baht is a number shown with two decimals. */
export type WorkbookCell =
  | { kind: 'text'; value: string; bold?: boolean; heading?: boolean }
  | { kind: 'count'; value: number; bold?: boolean }
  | { kind: 'baht'; value: number; bold?: boolean }
  | null;

export interface TaxWorkbook {
  sheetName: string;
  rows: WorkbookCell[][];
  /** Column widths in characters. */
  widths: number[];
  /**
   * The row of column headings (1-based), printed again at the top of every page (seventh stage): a month
   * of a few hundred documents prints on many pages, and each page must say what its columns are.
   */
  headingRow?: number;
  /** Seventh stage: the VAT return's figures, the second sheet. */
  returnSheet?: Omit<TaxWorkbook, 'returnSheet'>;
}

export const thaiMonths = [
  'มกราคม',
  'กุมภาพันธ์',
  'มีนาคม',
  'เมษายน',
  'พฤษภาคม',
  'มิถุนายน',
  'กรกฎาคม',
  'สิงหาคม',
  'กันยายน',
  'ตุลาคม',
  'พฤศจิกายน',
  'ธันวาคม',
] as const;

/** The Buddhist era is the Gregorian year plus 543: 2026 is 2569. */
const buddhistYear = (year: number) => year + 543;

/** "เดือนภาษี พฤศจิกายน ปี 2569" for 2026-11. */
export function taxMonthLine(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return `เดือนภาษี ${thaiMonths[monthNumber - 1]} ปี ${buddhistYear(year)}`;
}

/** "สำนักงานใหญ่" or "สาขาที่ 00001", as the notifications write them. */
export const thaiBranch = (branch: string) => (branch === '00000' ? 'สำนักงานใหญ่' : `สาขาที่ ${branch}`);

/** A day as the form writes it: DD/MM/YYYY in the Buddhist year, on the resort's calendar. */
export function thaiDate(day: string): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  return `${String(date).padStart(2, '0')}/${String(month).padStart(2, '0')}/${buddhistYear(year)}`;
}

const text = (value: string, bold = false): WorkbookCell => ({
  kind: 'text',
  value,
  ...(bold ? { bold } : {}),
});
const baht = (satang: number, bold = false): WorkbookCell => ({
  kind: 'baht',
  value: satang / 100,
  ...(bold ? { bold } : {}),
});

export const workbookColumns = [
  'ลำดับ',
  'วันที่',
  'เลขที่',
  'ชื่อผู้ซื้อสินค้า/ผู้รับบริการ',
  'เลขประจำตัวผู้เสียภาษีอากรของผู้ซื้อ',
  'สถานประกอบการของผู้ซื้อ',
  'มูลค่าสินค้าหรือบริการ',
  'จำนวนเงินภาษีมูลค่าเพิ่ม',
  'จำนวนเงินรวม',
  'หมายเหตุ',
] as const;

/** The Thai word for a document that no longer counts; its amounts read 0.00. */
export const cancelledWord = 'ยกเลิก';

/** The title rows: the report, the month, and each seller block the month's documents printed. */
function headerRows(
  report: TaxReport,
  fallback: TaxSeller | null,
  establishment: string | undefined,
): WorkbookCell[][] {
  const rows: WorkbookCell[][] = [[text('รายงานภาษีขาย', true)], [text(taxMonthLine(report.month), true)]];
  const blocks = report.sellers.length > 0 ? report.sellers : fallback ? [{ seller: fallback }] : [];
  for (const block of blocks) {
    const { seller } = block;
    rows.push([text(`ชื่อผู้ประกอบการ ${seller.sellerName}`)]);
    rows.push([text(`ที่อยู่ ${seller.address}`)]);
    rows.push([text(`เลขประจำตัวผู้เสียภาษีอากร ${seller.taxId}`), null, null, text(thaiBranch(seller.branch))]);
    if ('firstNumber' in block && blocks.length > 1) {
      rows.push([text(`(เลขที่ ${block.firstNumber} ถึง ${block.lastNumber})`)]);
    }
  }
  // Seventh stage: the establishment by its name, and each series' first and last number apart.
  if (establishment) rows.push([text(`ชื่อสถานประกอบการ ${establishment}`)]);
  for (const [type, name] of seriesNames) {
    const ofType = report.documents.filter((row) => row.type === type);
    const first = ofType[0];
    const last = ofType[ofType.length - 1];
    if (first && last)
      rows.push([text(`${name} เลขที่ ${first.number} ถึง ${last.number} (${ofType.length} ฉบับ)`)]);
  }
  return rows;
}

const seriesNames = [
  ['abb', 'ใบกำกับภาษีอย่างย่อ'],
  ['full', 'ใบกำกับภาษี'],
  ['cn', 'ใบลดหนี้'],
  ['dn', 'ใบเพิ่มหนี้'],
] as const;

/**
 * With documents of more than one establishment (head office, branches) in the month, each one's totals apart,
 * as the return is made per establishment unless filed together (seventh stage).
 */
function branchTotals(report: TaxReport): WorkbookCell[][] {
  const branches = new Map<string, { net: number; vat: number; total: number; count: number }>();
  for (const row of report.documents) {
    const branch = row.seller?.branch;
    if (branch === undefined) continue;
    const sums = branches.get(branch) ?? { net: 0, vat: 0, total: 0, count: 0 };
    const sign = !counts(row) ? 0 : row.type === 'cn' ? -1 : 1;
    sums.net += sign * row.net;
    sums.vat += sign * row.vat;
    sums.total += sign * row.total;
    sums.count += sign === 0 ? 0 : 1;
    branches.set(branch, sums);
  }
  if (branches.size < 2) return [];
  return [...branches.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([branch, sums]) => [
      null,
      null,
      null,
      text(`รวม ${thaiBranch(branch)} (${sums.count} ฉบับ)`, true),
      null,
      null,
      baht(sums.net, true),
      baht(sums.vat, true),
      baht(sums.total, true),
      null,
    ]);
}

/** The Thai names of the notes, as §86/9 and §86/10 call them. */
export const noteWords = { cn: 'ใบลดหนี้', dn: 'ใบเพิ่มหนี้' } as const;

/** What a row's remark says: a note's original, a replacement's, a cancelled or replaced one's successor. */
function remarkOf(row: TaxReportRow, timeZone: string): string {
  if (row.type === 'cn' || row.type === 'dn') {
    const money = (satang: number | null) => (satang === null ? '' : (satang / 100).toFixed(2));
    return `${noteWords[row.type]} อ้างอิงเลขที่ ${row.adjusts ?? ''} มูลค่าเดิม ${money(row.before)} มูลค่าที่ถูกต้อง ${money(row.after)}${row.reason ? `: ${row.reason}` : ''}`;
  }
  if (counts(row)) {
    if (!row.replaces) return '';
    const dated =
      row.datedAt !== row.issuedAt ? ` (ออกเมื่อ ${thaiDate(localDayOf(row.issuedAt, timeZone))})` : '';
    return `แทนฉบับเดิมเลขที่ ${row.replaces}${dated}`;
  }
  return row.replacedBy
    ? `${cancelledWord} ออกฉบับใหม่เลขที่ ${row.replacedBy}${row.reason ? `: ${row.reason}` : ''}`
    : `${cancelledWord}${row.reason ? `: ${row.reason}` : ''}`;
}

/**
 * A document's row, on the date it bears: a cancelled or replaced one says so and reads 0.00; a credit note's
 * amounts are negative, so each column sums to the month's figure.
 */
function documentRow(index: number, row: TaxReportRow, timeZone: string): WorkbookCell[] {
  const live = counts(row);
  const sign = !live ? 0 : row.type === 'cn' ? -1 : 1;
  const buyer = row.buyer;
  const name =
    row.type === 'cn' || row.type === 'dn'
      ? (buyer?.name ?? noteWords[row.type])
      : (buyer?.name ?? (row.type === 'abb' ? 'ใบกำกับภาษีอย่างย่อ' : ''));
  return [
    { kind: 'count', value: index },
    text(thaiDate(localDayOf(row.datedAt, timeZone))),
    text(row.number),
    text(live ? name : cancelledWord),
    text(live && buyer ? buyer.taxId : ''),
    text(live && buyer ? buyerBranchText(buyer) : ''),
    baht(sign * row.net),
    baht(sign * row.vat),
    baht(sign * row.total),
    text(remarkOf(row, timeZone)),
  ];
}

/** A buyer's establishment: a person (no branch) has none. */
const buyerBranchText = (buyer: { branch: string }) => (buyer.branch ? thaiBranch(buyer.branch) : '');

/**
 * `daily`: abbreviated invoices summed to one row a day (first and last number, how many, net, VAT, total of
 * those still issued), as notification 89 allows; full invoices stay one a row.
 */
function dailyRows(documents: TaxReportRow[], timeZone: string): (WorkbookCell[] | TaxReportRow)[] {
  const out: (WorkbookCell[] | TaxReportRow)[] = [];
  let day: string | null = null;
  let group: TaxReportRow[] = [];
  const flush = () => {
    const first = group[0];
    const last = group[group.length - 1];
    if (!first || !last || day === null) return;
    const live = group.filter(counts);
    const sum = (pick: (row: TaxReportRow) => number) => live.reduce((total, row) => total + pick(row), 0);
    // Seventh stage: the day's cancelled numbers by name, and an invoice turned into a full one as replaced.
    const cancelled = group.filter((row) => row.status === 'cancelled').map((row) => row.number);
    const replaced = group.filter((row) => row.status === 'replaced');
    const remark = [
      ...(cancelled.length > 0 ? [`${cancelledWord} ${cancelled.length} ฉบับ: ${cancelled.join(', ')}`] : []),
      ...(replaced.length > 0
        ? [
            `ออกฉบับใหม่แทน ${replaced.length} ฉบับ: ${replaced
              .map((row) => `${row.number} → ${row.replacedBy ?? ''}`)
              .join(', ')}`,
          ]
        : []),
    ].join('; ');
    out.push([
      null,
      text(thaiDate(day)),
      text(first.number === last.number ? first.number : `${first.number} - ${last.number}`),
      text(`ใบกำกับภาษีอย่างย่อ ${group.length} ฉบับ`),
      text(''),
      text(''),
      baht(sum((row) => row.net)),
      baht(sum((row) => row.vat)),
      baht(sum((row) => row.total)),
      text(remark),
    ]);
    group = [];
  };
  for (const row of documents) {
    if (row.type !== 'abb') {
      flush();
      day = null;
      out.push(row);
      continue;
    }
    const rowDay = localDayOf(row.issuedAt, timeZone);
    if (rowDay !== day) {
      flush();
      day = rowDay;
    }
    group.push(row);
  }
  flush();
  return out;
}

export function taxWorkbook(
  report: TaxReport,
  {
    timeZone,
    daily,
    seller,
    establishment,
  }: { timeZone: string; daily: boolean; seller: TaxSeller | null; establishment?: string },
): TaxWorkbook {
  const rows = headerRows(report, seller, establishment?.trim() || undefined);
  rows.push([]);
  rows.push(
    workbookColumns.map((value): WorkbookCell => ({ kind: 'text', value, bold: true, heading: true })),
  );
  const headingRow = rows.length;
  const items = daily ? dailyRows(report.documents, timeZone) : report.documents;
  items.forEach((item, index) => {
    if (Array.isArray(item)) {
      item[0] = { kind: 'count', value: index + 1 };
      rows.push(item);
    } else rows.push(documentRow(index + 1, item, timeZone));
  });
  const { totals } = report;
  rows.push([
    null,
    null,
    null,
    text(`รวม (${totals.count} ฉบับ)`, true),
    null,
    null,
    baht(totals.net, true),
    baht(totals.vat, true),
    baht(totals.total, true),
    null,
  ]);
  rows.push(...branchTotals(report));
  return {
    sheetName: `ภาษีขาย ${report.month}`,
    rows,
    widths: [7, 11, 28, 32, 16, 14, 14, 14, 14, 44],
    headingRow,
    returnSheet: returnSheet(report),
  };
}

/**
 * The month's figures for the VAT return (ภ.พ.30) on a sheet of their own (seventh stage), so the first stays
 * the Revenue Department's form: sales and output tax with the notes netted, and the notes' effect apart.
 */
function returnSheet(report: TaxReport): Omit<TaxWorkbook, 'returnSheet'> {
  const figures = report.returnFigures;
  return {
    sheetName: `ภ.พ.30 ${report.month}`,
    rows: [
      [text('ยอดสำหรับแบบ ภ.พ.30', true)],
      [text(taxMonthLine(report.month), true)],
      [],
      [text('รายการ', true), text('มูลค่า', true), text('ภาษีมูลค่าเพิ่ม', true)],
      [text('ยอดขายและภาษีขายของเดือน (สุทธิ)'), baht(figures.sales), baht(figures.outputTax)],
      [
        text(`ใบลดหนี้ ${figures.creditNotes.count} ฉบับ`),
        baht(-figures.creditNotes.net),
        baht(-figures.creditNotes.vat),
      ],
      [
        text(`ใบเพิ่มหนี้ ${figures.debitNotes.count} ฉบับ`),
        baht(figures.debitNotes.net),
        baht(figures.debitNotes.vat),
      ],
    ],
    widths: [40, 16, 16],
  };
}
