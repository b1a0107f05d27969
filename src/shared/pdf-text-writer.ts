import type { jsPDF } from 'jspdf';
import type { ShapingFont } from './receipt-font/font-data';
import { addShapingFont, drawShapedText, shapedFontFamily, splitShapedText } from './receipt-font/pdf-text';

/**
 * How the app's PDFs (the receipt, the Z report) write text: jsPDF's Helvetica for Latin text, or the embedded
 * Sarabun, drawn glyph by glyph where its shaping tables place Thai marks. One interface, so a document's
 * layout code does not care which.
 */
export interface TextWriter {
  style(style: 'normal' | 'bold', size: number): void;
  text(text: string, x: number, y: number, align?: 'right'): void;
  split(text: string, width: number): string[];
}

/** The embedded font for documents that hold Thai: Sarabun, regular and bold, with its shaping tables. */
export interface PdfFonts {
  normal: ShapingFont;
  bold: ShapingFont;
}

/** Sarabun (about 45 KiB gzip for both weights) is its own chunk, fetched only when a document needs it. */
export async function loadPdfFonts(): Promise<PdfFonts> {
  const { sarabunRegular, sarabunBold } = await import('./receipt-font/sarabun.generated');
  return { normal: sarabunRegular, bold: sarabunBold };
}

/** jsPDF's own text drawing with Helvetica (English, as the spec's receipt always was). */
export function helveticaWriter(doc: jsPDF): TextWriter {
  return {
    style(style, size) {
      doc.setFont('helvetica', style);
      doc.setFontSize(size);
    },
    text(text, x, y, align) {
      doc.text(text, x, y, align ? { align } : undefined);
    },
    split: (text, width) => doc.splitTextToSize(text, width),
  };
}

/** Text drawn glyph by glyph where the shaping tables place it, so Thai marks stack as they should. */
export function shapedWriter(doc: jsPDF, fonts: PdfFonts): TextWriter {
  addShapingFont(doc, fonts.normal, 'normal');
  addShapingFont(doc, fonts.bold, 'bold');
  let font = fonts.normal;
  return {
    style(style, size) {
      font = fonts[style];
      doc.setFont(shapedFontFamily, style);
      doc.setFontSize(size);
    },
    text(text, x, y, align) {
      drawShapedText(doc, font, text, x, y, align ? { align } : {});
    },
    split: (text, width) => splitShapedText(doc, font, text, width),
  };
}
