import { jsPDF } from 'jspdf';
import { type CloseReportModel, closeReportNeedsEmbeddedFont } from './close-report';
import { helveticaWriter, loadPdfFonts, type PdfFonts, shapedWriter } from './pdf-text-writer';

/** The Z report: one portrait A4 page, measured in millimetres. */
export const closeReportPage = {
  format: 'a4',
  widthMm: 210,
  heightMm: 297,
  marginMm: 15,
} as const;

const sizes = {
  resort: 11,
  title: 20,
  day: 13,
  status: 11,
  tableTitle: 14,
  heading: 9,
  row: 12,
  note: 11,
} as const;
/** Value columns, right-aligned, this far apart (the widest figure, "฿1,000,000", is about 25 mm at 12 pt). */
const columnStepMm = 32;
const rowStepMm = 7;

/** The fonts the report needs beyond Helvetica: none for Latin text, Sarabun when it holds anything else. */
export async function loadCloseReportFonts(model: CloseReportModel): Promise<PdfFonts | undefined> {
  return closeReportNeedsEmbeddedFont(model) ? loadPdfFonts() : undefined;
}

export async function makeCloseReportPdf(model: CloseReportModel): Promise<Uint8Array> {
  return buildCloseReportPdf(model, await loadCloseReportFonts(model));
}

/**
 * Lays the Z report out on one A4 page and returns the PDF file's bytes. Pure (no DOM), so the browser and Node
 * tests run the same code; the receipt's text writers, so Thai is shaped the same way. Everything fits one
 * page by construction (three short tables and a note of at most 500 characters); a note that would still
 * run past the bottom margin is cut with an ellipsis rather than spill onto a second page.
 */
export function buildCloseReportPdf(model: CloseReportModel, fonts?: PdfFonts): Uint8Array {
  if (!fonts && closeReportNeedsEmbeddedFont(model)) {
    throw new Error(
      'This Z report holds text Helvetica cannot write: load its font with loadCloseReportFonts',
    );
  }
  const doc = new jsPDF({ orientation: 'portrait', unit: 'mm', format: closeReportPage.format });
  const writer = fonts ? shapedWriter(doc, fonts) : helveticaWriter(doc);
  const left = closeReportPage.marginMm;
  const right = closeReportPage.widthMm - closeReportPage.marginMm;
  const bottom = closeReportPage.heightMm - closeReportPage.marginMm;
  const width = right - left;
  doc.setProperties({ title: model.title });

  let y = 18;
  if (model.resortName) {
    writer.style('normal', sizes.resort);
    writer.text(writer.split(model.resortName, width)[0] ?? '', left, y);
    y += 9;
  }
  writer.style('bold', sizes.title);
  writer.text(model.title, left, y);
  y += 9;
  writer.style('normal', sizes.day);
  writer.text(model.dayLine, left, y);
  y += 7;
  writer.style('normal', sizes.status);
  writer.text(model.statusLine, left, y);
  y += 12;

  for (const table of model.tables) {
    const columnRight = (index: number) => right - (table.columns.length - 1 - index) * columnStepMm;
    writer.style('bold', sizes.tableTitle);
    writer.text(table.title, left, y);
    y += 6;
    writer.style('normal', sizes.heading);
    table.columns.forEach((column, index) => {
      writer.text(column, columnRight(index), y, 'right');
    });
    y += 2;
    doc.setDrawColor(120);
    doc.setLineWidth(0.3);
    doc.line(left, y, right, y);
    y += rowStepMm - 1;
    for (const row of table.rows) {
      writer.style(row.bold ? 'bold' : 'normal', sizes.row);
      writer.text(row.label, left, y);
      row.values.forEach((value, index) => {
        writer.text(value, columnRight(index), y, 'right');
      });
      y += rowStepMm;
    }
    y += 6;
  }

  const footerY = bottom;
  if (model.note) {
    writer.style('bold', sizes.note);
    writer.text(model.note.label, left, y);
    y += 6;
    writer.style('normal', sizes.note);
    const lines = writer.split(model.note.text, width);
    const room = Math.max(0, Math.floor((footerY - (model.chainHead ? 20 : 8) - y) / 5.5) + 1);
    const shown = lines.length > room ? [...lines.slice(0, Math.max(0, room - 1)), '...'] : lines;
    for (const line of shown) {
      writer.text(line, left, y);
      y += 5.5;
    }
  }

  // The chain anchored outside the database (fifth stage): above the footer, the head on a line of its own,
  // whole, so it can be typed back into `npm run audit:verify -- --head`.
  if (model.chainHead) {
    writer.style('normal', sizes.heading);
    writer.text(model.chainHead.label, left, footerY - 12);
    writer.text(model.chainHead.text, left, footerY - 7);
  }
  writer.style('normal', sizes.heading);
  writer.text(model.footer, left, footerY);
  return new Uint8Array(doc.output('arraybuffer'));
}
