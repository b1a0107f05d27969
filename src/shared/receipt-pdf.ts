import { jsPDF } from 'jspdf';
import type { ReceiptModel } from './receipt-model';

/** Spec section 9: a portrait A5 page measured in millimetres. */
export const receiptPage = {
  format: 'a5',
  widthMm: 148,
  heightMm: 210,
  marginMm: 10,
} as const;

/** The footer is wrapped to the page width minus 20 mm, i.e. inside the 10 mm margins on both sides. */
export const footerWidthMm = receiptPage.widthMm - 2 * receiptPage.marginMm;

const fontSizes = { title: 18, body: 12, footer: 10 } as const;
const lineStepMm = 8;
const footerLineStepMm = 5;

/**
 * Lays the receipt out on A5 pages and returns the PDF file's bytes. Pure (no DOM, no download), so the same
 * code runs in the browser and in Node tests; jsPDF writes uncompressed content by default, which keeps the
 * texts searchable in the bytes.
 */
export function buildReceiptPdf(receipt: ReceiptModel): Uint8Array {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: receiptPage.format });
  const left = receiptPage.marginMm;
  const right = receiptPage.widthMm - receiptPage.marginMm;
  const bottom = receiptPage.heightMm - receiptPage.marginMm;
  let y = 20;

  // A long list flows onto a new page instead of running off the bottom edge.
  const advance = (step: number) => {
    y += step;
    if (y > bottom) {
      doc.addPage(receiptPage.format, 'portrait');
      y = 20;
    }
  };

  doc.setProperties({ title: receipt.title });
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(fontSizes.title);
  doc.text(receipt.title, left, y);
  advance(10);

  doc.setFont('helvetica', 'normal');
  doc.setFontSize(fontSizes.body);
  doc.text(receipt.dateLine, left, y);
  advance(14);

  for (const line of receipt.lines) {
    doc.text(line.label, left, y);
    doc.text(line.amount, right, y, { align: 'right' });
    advance(lineStepMm);
  }

  doc.setLineWidth(0.4);
  doc.line(left, y - 4, right, y - 4);
  advance(4);

  doc.setFont('helvetica', 'bold');
  doc.text(receipt.totalLabel, left, y);
  doc.text(receipt.totalAmount, right, y, { align: 'right' });
  advance(16);

  doc.setFont('helvetica', 'normal');
  doc.setFontSize(fontSizes.footer);
  const footerLines: string[] = doc.splitTextToSize(receipt.footer, footerWidthMm);
  for (const footerLine of footerLines) {
    doc.text(footerLine, left, y);
    advance(footerLineStepMm);
  }

  return new Uint8Array(doc.output('arraybuffer'));
}
