import { jsPDF } from 'jspdf';
import { describe, expect, it } from 'vitest';
import { pdfImages } from '../../tests/support/qr-decode';
import { promptPayPayload } from './promptpay/promptpay-payload';
import { buildReceiptModel } from './receipt-model';
import { buildReceiptPdf } from './receipt-pdf';

const ptPerMm = 72 / 25.4;
const leftPt = 10 * ptPerMm;
const rightPt = 138 * ptPerMm;
/** jsPDF's own width estimates differ by about a point between styles; half a millimetre is invisible. */
const alignTolerancePt = 1.5;

interface TextRun {
  font: string;
  size: number;
  x: number;
  y: number;
  text: string;
}

/** Reads what jsPDF's uncompressed content streams draw: each text run with its font, size and position. */
function readPdf(bytes: Uint8Array) {
  const source = Buffer.from(bytes).toString('latin1');
  const fontObjects = new Map(
    [...source.matchAll(/(\d+) 0 obj\s*<<\s*\/Type \/Font\s*\/BaseFont \/(\S+)/g)].map((m) => [m[1], m[2]]),
  );
  const fontNames = new Map(
    [...source.matchAll(/\/(F\d+) (\d+) 0 R/g)].map((m) => [m[1], fontObjects.get(m[2] ?? '') ?? '?']),
  );
  const runs: TextRun[] = [
    ...source.matchAll(
      /BT\s+\/(F\d+) ([\d.]+) Tf[\s\S]*?([\d.-]+) ([\d.-]+) Td\s+\(((?:\\.|[^\\)])*)\) Tj\s+ET/g,
    ),
  ].map((m) => ({
    font: fontNames.get(m[1] ?? '') ?? '?',
    size: Number(m[2]),
    x: Number(m[3]),
    y: Number(m[4]),
    text: (m[5] ?? '').replace(/\\(.)/g, '$1'),
  }));
  const mediaBoxes = [...source.matchAll(/\/MediaBox \[([\d.\s]+)\]/g)].map((m) =>
    (m[1] ?? '').trim().split(/\s+/).map(Number),
  );
  const strokes = [...source.matchAll(/([\d.]+) ([\d.]+) m\s+([\d.]+) ([\d.]+) l\s+S/g)].map((m) =>
    m.slice(1, 5).map(Number),
  );
  return { source, runs, mediaBoxes, strokes };
}

/** Width in points of a text in Helvetica, by jsPDF's metrics. */
function widthPt(text: string, size: number, style: 'normal' | 'bold' = 'normal') {
  const doc = new jsPDF({ unit: 'pt' });
  doc.setFont('helvetica', style);
  doc.setFontSize(size);
  return doc.getTextWidth(text);
}

const coke = { name: 'Coke', price: 40, missing: 2 };
const ice = { name: 'Smirnoff ICE', price: 120, missing: 1 };
const model = buildReceiptModel({ bungalow: 3, items: [coke, ice], date: '11/22/2026' });

describe('buildReceiptPdf', () => {
  const pdf = readPdf(buildReceiptPdf(model));

  it('is a PDF of one portrait A5 page (148 x 210 mm)', () => {
    expect(pdf.source.startsWith('%PDF-')).toBe(true);
    expect(pdf.mediaBoxes).toHaveLength(1);
    const [x0, y0, width, height] = pdf.mediaBoxes[0] ?? [];
    expect([x0, y0]).toEqual([0, 0]);
    expect(width).toBeCloseTo(419.53, 1);
    expect(height).toBeCloseTo(595.28, 1);
  });

  it('starts with the bold title and the date line', () => {
    const [title, date] = pdf.runs;
    expect(title).toMatchObject({ text: 'Bungalow #3 Fridge Checkout', font: 'Helvetica-Bold' });
    expect(date).toMatchObject({ text: 'Date: 11/22/2026', font: 'Helvetica' });
    expect(title?.y).toBeGreaterThan(date?.y ?? Number.POSITIVE_INFINITY);
  });

  it('shows each line with its price right-aligned at the right margin', () => {
    for (const [label, amount] of [
      ['2 x Coke', '80 THB'],
      ['1 x Smirnoff ICE', '120 THB'],
    ] as const) {
      const labelRun = pdf.runs.find((run) => run.text === label);
      const amountRun = pdf.runs.find((run) => run.text === amount);
      expect(labelRun?.x).toBeCloseTo(leftPt, 1);
      expect(amountRun?.y).toBe(labelRun?.y);
      const rightEdge = (amountRun?.x ?? 0) + widthPt(amount, amountRun?.size ?? 0);
      expect(Math.abs(rightEdge - rightPt)).toBeLessThan(alignTolerancePt);
    }
  });

  it('draws a separator across the page, then a bold Total Cost with the amount in THB', () => {
    const total = pdf.runs.find((run) => run.text === 'Total Cost');
    const amount = pdf.runs.find((run) => run.text === '200 THB');
    expect(total?.font).toBe('Helvetica-Bold');
    expect(amount?.font).toBe('Helvetica-Bold');
    expect(amount?.y).toBe(total?.y);
    const rightEdge = (amount?.x ?? 0) + widthPt('200 THB', amount?.size ?? 0, 'bold');
    expect(Math.abs(rightEdge - rightPt)).toBeLessThan(alignTolerancePt);

    const lastLineY = Math.min(
      ...pdf.runs.filter((run) => run.text.endsWith(' x Smirnoff ICE')).map((r) => r.y),
    );
    const separator = pdf.strokes.find(([, y]) => (y ?? 0) < lastLineY && (y ?? 0) > (total?.y ?? 0));
    expect(separator).toBeDefined();
    const [x1, y1, x2, y2] = separator ?? [];
    expect(x1).toBeCloseTo(leftPt, 1);
    expect(x2).toBeCloseTo(rightPt, 1);
    expect(y2).toBe(y1);
  });

  it('ends with the greeting and recap, wrapped to stay within the 10 mm margins', () => {
    const total = pdf.runs.find((run) => run.text === 'Total Cost');
    const footerRuns = pdf.runs.filter((run) => run.y < (total?.y ?? 0));
    expect(footerRuns.length).toBeGreaterThan(1);
    expect(footerRuns.map((run) => run.text).join(' ')).toBe(model.footer);
    for (const run of footerRuns) {
      expect(run.x).toBeCloseTo(leftPt, 1);
      expect(run.x + widthPt(run.text, run.size)).toBeLessThanOrEqual(rightPt + 0.01);
    }
  });

  it('continues on further A5 pages when the list is longer than one page', () => {
    const many = Array.from({ length: 30 }, (_, index) => ({
      name: `Drink ${index + 1}`,
      price: 10,
      missing: 1,
    }));
    const long = readPdf(buildReceiptPdf(buildReceiptModel({ bungalow: 1, items: many, date: 'd' })));
    expect(long.mediaBoxes.length).toBeGreaterThan(1);
    for (const [, , width, height] of long.mediaBoxes) {
      expect(width).toBeCloseTo(419.53, 1);
      expect(height).toBeCloseTo(595.28, 1);
    }
    expect(long.runs.filter((run) => /^1 x Drink \d+$/.test(run.text))).toHaveLength(30);
    // Nothing is drawn below the bottom margin.
    for (const run of long.runs) expect(run.y).toBeGreaterThanOrEqual(10 * ptPerMm - 0.01);
  });
});

describe('buildReceiptPdf with a resort name', () => {
  it("puts the name in the top margin and leaves every line of the spec's layout where it was", () => {
    const plain = readPdf(buildReceiptPdf(model));
    const named = readPdf(buildReceiptPdf({ ...model, resortName: 'Koh Lanta Huts' }));
    const [name, ...rest] = named.runs;
    expect(name).toMatchObject({ text: 'Koh Lanta Huts', font: 'Helvetica', size: 10 });
    expect(name?.x).toBeCloseTo(leftPt, 1);
    // Above the title (PDF y grows upwards), and below the page's top edge.
    expect(name?.y).toBeGreaterThan(plain.runs[0]?.y ?? Number.POSITIVE_INFINITY);
    expect(name?.y).toBeLessThan(595.28 - 5 * ptPerMm);
    expect(rest).toEqual(plain.runs);
    expect(named.strokes).toEqual(plain.strokes);
  });
});

describe('buildReceiptPdf with a PromptPay ID', () => {
  const promptPay = { id: '0812345678', name: 'Sunset Bungalows Co., Ltd.' };
  const withQr = buildReceiptModel({ bungalow: 3, items: [coke, ice], date: '11/22/2026', promptPay });
  const bytes = buildReceiptPdf(withQr);
  const pdf = readPdf(bytes);

  it('carries one picture whose QR code reads as the payload for the exact total', () => {
    const images = pdfImages(bytes);
    expect(images).toHaveLength(1);
    expect(images[0]?.qr).toBe(promptPayPayload('0812345678', 200));
    expect(withQr.payment?.payload).toBe(images[0]?.qr);
  });

  it('places the code below the total, with the title, amount and payee, above the unchanged footer', () => {
    const total = pdf.runs.find((run) => run.text === 'Total Cost');
    const title = pdf.runs.find((run) => run.text === 'Pay with PromptPay');
    const amount = pdf.runs.filter((run) => run.text === '200 THB');
    const payee = pdf.runs.find((run) => run.text === 'Payee: Sunset Bungalows Co., Ltd.');
    expect(title?.font).toBe('Helvetica-Bold');
    expect(title?.y).toBeLessThan(total?.y ?? 0);
    // The total's amount, and the amount beside the code.
    expect(amount).toHaveLength(2);
    expect(payee?.y).toBeLessThan(title?.y ?? 0);
    // The image is drawn with a `w 0 0 h x y cm` transform: its top edge sits below the title.
    const placement = /([\d.]+) 0 0 ([\d.]+) ([\d.]+) ([\d.]+) cm\s*\/I\d+ Do/.exec(pdf.source);
    const [, width, height, x, y] = placement?.map(Number) ?? [];
    expect(width).toBeCloseTo(40 * ptPerMm, 1);
    expect(height).toBeCloseTo(40 * ptPerMm, 1);
    expect(x).toBeCloseTo(leftPt, 1);
    expect((y ?? 0) + (height ?? 0)).toBeLessThan(title?.y ?? 0);
    const footer = pdf.runs.filter((run) => run.y < (y ?? 0));
    expect(footer.map((run) => run.text).join(' ')).toBe(withQr.footer);
  });

  it('stays a small file: jsPDF compresses the picture', () => {
    expect(bytes.length).toBeLessThan(20_000);
  });

  it('has no picture without a PromptPay ID, or when the total is over the PromptPay limit', () => {
    expect(pdfImages(buildReceiptPdf(model))).toEqual([]);
    const huge = buildReceiptModel({
      bungalow: 3,
      items: [{ name: 'Wine', price: 100_000, missing: 3 }],
      date: 'd',
      promptPay,
    });
    expect(huge.payment).toBeNull();
    expect(pdfImages(buildReceiptPdf(huge))).toEqual([]);
  });
});
