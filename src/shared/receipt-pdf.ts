import { jsPDF } from 'jspdf';
import {
  helveticaWriter,
  loadPdfFonts,
  multiScriptWriter,
  type PdfFontSet,
  type PdfFonts,
  shapedWriter,
  type TextWriter,
} from './pdf-text-writer';
import { qrMatrix } from './promptpay/qr-matrix';
import { qrPng } from './promptpay/qr-png';
import { receiptFaces, type ServedFace } from './receipt-font/faces';
import { type ReceiptModel, type ReceiptPayment, receiptNeedsThaiFont, receiptTexts } from './receipt-model';
import type { ReceiptTaxBlock } from './receipt-tax';

/** Spec section 9: a portrait A5 page measured in millimetres. */
export const receiptPage = {
  format: 'a5',
  widthMm: 148,
  heightMm: 210,
  marginMm: 10,
} as const;

/** The footer is wrapped to the page width minus 20 mm, i.e. inside the 10 mm margins on both sides. */
export const footerWidthMm = receiptPage.widthMm - 2 * receiptPage.marginMm;

const fontSizes = { resort: 10, title: 18, body: 12, footer: 10 } as const;
/** The resort's name sits in the top margin, above the title's baseline at 20 mm: the spec's lines stay put. */
const resortNameYMm = 11;

/** The PromptPay block below the total: a 40 mm code (about 1 mm a module) scans from a phone held close. */
export const receiptQr = { sizeMm: 40, titleStepMm: 3, blockMm: 52 } as const;
const lineStepMm = 8;
const footerLineStepMm = 5;
/** The tax invoice's head (with tax on): its title, the seller, the number and time; the spec's lines follow. */
const taxSizes = { heading: 13, mark: 11, body: 10 } as const;
const taxLineStepMm = 5;
/** Room the copy mark takes at the right of the heading's first line. */
const taxMarkRoomMm = 48;

/**
 * The embedded fonts of a receipt: Sarabun alone (Thai and Latin, as Thai receipts always were), or a set of
 * fonts, one per script the receipt holds (receipt-font/faces.ts).
 */
export type ReceiptFonts = PdfFonts | PdfFontSet;

/** Fetches a font the server cuts for receipts (regular and bold), in the browser through the service worker. */
export type ServedFontLoader = (face: ServedFace) => Promise<PdfFonts>;

/**
 * The fonts a receipt needs beyond jsPDF's built-in Helvetica: none for an English receipt in Latin letters,
 * Sarabun (a chunk of about 45 KiB gzip) for Thai, and for Chinese, Korean, Cyrillic and the rest the fonts
 * the server cuts for the receipt's texts and the catalogue's names, fetched through `loadServed`.
 */
export async function loadReceiptFonts(
  receipt: ReceiptModel,
  loadServed?: ServedFontLoader,
): Promise<ReceiptFonts | undefined> {
  const { primary, faces } = receiptFaces(receipt.language ?? 'en', receiptTexts(receipt));
  if (primary === null) return undefined;
  if (faces.length === 1 && primary === 'sarabun') return loadPdfFonts();
  const loaded = await Promise.all(
    faces.map(async (face) => {
      if (face === 'sarabun') return [face, await loadPdfFonts()] as const;
      if (!loadServed) throw new Error(`This receipt needs the ${face} font: pass a loader for it`);
      return [face, await loadServed(face)] as const;
    }),
  );
  return { primary, faces: Object.fromEntries(loaded) };
}

/** The receipt's PDF bytes with whatever font it needs loaded first. */
export async function makeReceiptPdf(
  receipt: ReceiptModel,
  loadServed?: ServedFontLoader,
): Promise<Uint8Array> {
  return buildReceiptPdf(receipt, await loadReceiptFonts(receipt, loadServed));
}

/**
 * Lays the receipt out on A5 pages and returns the PDF file's bytes. Pure (no DOM, no download), so the same
 * code runs in the browser and in Node tests; jsPDF writes uncompressed content by default, which keeps the
 * texts searchable in the bytes. A receipt with Thai text needs `fonts` (loadReceiptFonts).
 */
export function buildReceiptPdf(receipt: ReceiptModel, fonts?: ReceiptFonts): Uint8Array {
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: receiptPage.format });
  if (!fonts && receiptNeedsThaiFont(receipt)) {
    throw new Error('This receipt holds Thai text: load its font with loadReceiptFonts first');
  }
  if (!fonts && receiptFaces(receipt.language ?? 'en', receiptTexts(receipt)).primary !== null) {
    throw new Error('This receipt holds letters Helvetica lacks: load its fonts with loadReceiptFonts first');
  }
  const writer = !fonts
    ? helveticaWriter(doc)
    : 'primary' in fonts
      ? multiScriptWriter(doc, fonts)
      : shapedWriter(doc, fonts);
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
  if (receipt.resortName) {
    writer.style('normal', fontSizes.resort);
    const [firstLine = ''] = writer.split(receipt.resortName, footerWidthMm);
    writer.text(firstLine, left, resortNameYMm);
  }
  if (receipt.tax) y = drawTaxHead(writer, receipt.tax, left, right, y);
  writer.style('bold', fontSizes.title);
  writer.text(receipt.title, left, y);
  advance(10);

  writer.style('normal', fontSizes.body);
  // A receipt's date is one short line; a credit note's reference to its invoice may wrap (seventh stage).
  writer.split(receipt.dateLine, footerWidthMm).forEach((part, index) => {
    if (index > 0) advance(6);
    writer.text(part, left, y);
  });
  if (receipt.guestLine) {
    advance(7);
    writer.text(receipt.guestLine, left, y);
  }
  advance(14);

  for (const line of receipt.lines) {
    writer.text(line.label, left, y);
    writer.text(line.amount, right, y, 'right');
    advance(lineStepMm);
  }

  doc.setLineWidth(0.4);
  doc.line(left, y - 4, right, y - 4);
  advance(4);

  writer.style('bold', fontSizes.body);
  writer.text(receipt.totalLabel, left, y);
  writer.text(receipt.totalAmount, right, y, 'right');
  if (receipt.tax && receipt.tax.lines.length > 0) {
    advance(7);
    writer.style('normal', taxSizes.body);
    for (const line of receipt.tax.lines) {
      writer.text(line.label, left, y);
      writer.text(line.amount, right, y, 'right');
      advance(6);
    }
    advance(8);
  } else advance(16);

  if (receipt.payment) {
    // The code and its words stay together: a block that does not fit starts the next page.
    if (y + receiptQr.blockMm > bottom) {
      doc.addPage(receiptPage.format, 'portrait');
      y = 20;
    }
    y = drawPayment(doc, writer, receipt.payment, left, right, y);
  }

  writer.style('normal', fontSizes.footer);
  for (const footerLine of writer.split(receipt.footer, footerWidthMm)) {
    writer.text(footerLine, left, y);
    advance(footerLineStepMm);
  }

  return new Uint8Array(doc.output('arraybuffer'));
}

/**
 * The tax invoice's head: the Thai title and the receipt language's words for it (one line when they fit, each
 * whole on its own line when not), the copy mark at the right, then the seller, the number, the time of issue
 * and a full invoice's buyer. Returns where the spec's title goes.
 */
function drawTaxHead(writer: TextWriter, tax: ReceiptTaxBlock, left: number, right: number, top: number) {
  let y = top;
  writer.style('bold', taxSizes.heading);
  const headingWidth = footerWidthMm - (tax.mark ? taxMarkRoomMm : 0);
  const joined = tax.heading.join(' / ');
  const headingLines = writer.split(joined, headingWidth).length === 1 ? [joined] : tax.heading;
  const parts = headingLines.flatMap((line) => writer.split(line, headingWidth));
  for (const part of parts) {
    writer.text(part, left, y);
    y += 6;
  }
  if (tax.mark) {
    writer.style('bold', taxSizes.mark);
    writer.text(tax.mark, right, top, 'right');
  }
  y += 1;
  const block = [...tax.seller, ...(tax.numberLine ? [tax.numberLine] : []), tax.issuedLine, ...tax.notes];
  block.forEach((line, index) => {
    // The seller's name stands out; the rest is the small print the law asks for.
    writer.style(index === 0 ? 'bold' : 'normal', taxSizes.body);
    for (const part of writer.split(line, footerWidthMm)) {
      writer.text(part, left, y);
      y += taxLineStepMm;
    }
  });
  if (tax.buyer.length > 0) {
    y += 2;
    tax.buyer.forEach((line, index) => {
      writer.style(index === 0 ? 'bold' : 'normal', taxSizes.body);
      for (const part of writer.split(line, footerWidthMm)) {
        writer.text(part, left, y);
        y += taxLineStepMm;
      }
    });
  }
  // The spec's title is 18 pt: its baseline sits a line and a half below the block.
  return y + 6;
}

/** "Pay with PromptPay", the QR code at the left margin, and the amount and payee beside it. Returns the next y. */
function drawPayment(
  doc: jsPDF,
  writer: TextWriter,
  payment: ReceiptPayment,
  left: number,
  right: number,
  top: number,
): number {
  writer.style('bold', fontSizes.body);
  writer.text(payment.title, left, top);
  const codeTop = top + receiptQr.titleStepMm;
  // 'FAST' has jsPDF deflate the picture: the receipt stays a few kilobytes.
  doc.addImage(
    qrPng(qrMatrix(payment.payload)),
    'PNG',
    left,
    codeTop,
    receiptQr.sizeMm,
    receiptQr.sizeMm,
    'promptpay-qr',
    'FAST',
  );
  const textLeft = left + receiptQr.sizeMm + 6;
  let textY = codeTop + 10;
  writer.text(payment.amount, textLeft, textY);
  writer.style('normal', fontSizes.footer);
  const beside = [
    ...(payment.payee ? writer.split(payment.payee, right - textLeft) : []),
    ...writer.split(payment.scanHint, right - textLeft),
  ];
  textY += 7;
  for (const line of beside) {
    writer.text(line, textLeft, textY);
    textY += footerLineStepMm;
  }
  return codeTop + receiptQr.sizeMm + 10;
}
