import type { jsPDF } from 'jspdf';
import { type Face, faceOf } from './receipt-font/faces';
import type { ShapingFont } from './receipt-font/font-data';
import {
  addShapingFont,
  drawShapedText,
  shapedFontFamily,
  shapedTextWidth,
  splitShapedText,
} from './receipt-font/pdf-text';

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

/** The fonts of a receipt in any script: the main one and the others its texts need (receipt-font/faces.ts). */
export interface PdfFontSet {
  primary: Face;
  faces: Partial<Record<Face, PdfFonts>>;
}

/** A piece of a line drawn with one font. */
interface Run {
  face: Face;
  text: string;
}

/**
 * Text in several scripts: each character drawn with the font of its script (a German line with a drink named
 * 可乐, a Chinese one with Квас), run by run, each run placed where the one before it ended. With the main
 * font only, it is shapedWriter's drawing.
 */
export function multiScriptWriter(doc: jsPDF, set: PdfFontSet): TextWriter {
  const family = (face: Face) => (face === 'sarabun' ? shapedFontFamily : `Receipt-${face}`);
  for (const [face, fonts] of Object.entries(set.faces) as [Face, PdfFonts][]) {
    addShapingFont(doc, fonts.normal, 'normal', family(face));
    addShapingFont(doc, fonts.bold, 'bold', family(face));
  }
  let style: 'normal' | 'bold' = 'normal';
  const fontOf = (face: Face) => {
    const fonts = set.faces[face] ?? (set.faces[set.primary] as PdfFonts);
    doc.setFont(family(set.faces[face] ? face : set.primary), style);
    return fonts[style];
  };
  const runsOf = (text: string): Run[] => {
    const runs: Run[] = [];
    for (const char of text) {
      const face = faceOf(set.primary, char.codePointAt(0) ?? 0);
      const last = runs[runs.length - 1];
      if (last?.face === face) last.text += char;
      else runs.push({ face, text: char });
    }
    return runs;
  };
  const width = (text: string) =>
    runsOf(text).reduce((sum, run) => sum + shapedTextWidth(doc, fontOf(run.face), run.text), 0);
  return {
    style(next, size) {
      style = next;
      doc.setFontSize(size);
      fontOf(set.primary);
    },
    text(text, x, y, align) {
      let pen = align === 'right' ? x - width(text) : x;
      for (const run of runsOf(text)) {
        const font = fontOf(run.face);
        drawShapedText(doc, font, run.text, pen, y);
        pen += shapedTextWidth(doc, font, run.text);
      }
      fontOf(set.primary);
    },
    split(text, maxWidth) {
      const runs = runsOf(text);
      const only = runs.every((run) => run.face === set.primary);
      const lines = only
        ? splitShapedText(doc, fontOf(set.primary), text, maxWidth)
        : splitByWidth(text, width, maxWidth);
      fontOf(set.primary);
      return lines;
    },
  };
}

/**
 * Breaks a text into lines no wider than `maxWidth` at word boundaries (Intl.Segmenter: spaces, and between
 * Chinese or Thai words, which are written without them); a word longer than a line is cut between graphemes.
 */
function splitByWidth(text: string, width: (text: string) => number, maxWidth: number): string[] {
  const fits = (line: string) => width(line.trimEnd()) <= maxWidth;
  const segments = Array.from(
    new Intl.Segmenter('th', { granularity: 'word' }).segment(text),
    (s) => s.segment,
  );
  const lines: string[] = [];
  let line = '';
  for (const segment of segments) {
    if (fits(line + segment)) {
      line += segment;
      continue;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = segment.trimStart();
    while (!fits(line)) {
      let head = '';
      for (const { segment: grapheme } of new Intl.Segmenter('th', { granularity: 'grapheme' }).segment(
        line,
      )) {
        if (!fits(head + grapheme) && head !== '') break;
        head += grapheme;
      }
      lines.push(head);
      line = line.slice(head.length);
    }
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}
