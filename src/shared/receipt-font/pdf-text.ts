import type { jsPDF } from 'jspdf';
import type { ShapingFont } from './font-data';
import { type ShapedCluster, shapeText, textWidth } from './shape-text';

/** The parts of jsPDF's internals this module writes through (present at run time, absent from its types). */
interface JsPdfInternals {
  write(...parts: string[]): void;
  getFont(): { id: string };
  scaleFactor: number;
  pageSize: { getHeight(): number };
}

interface TtfMetadata {
  glyIdsUsed: number[];
  toUnicode: Record<number, number>;
  Unicode: { widths: (number | number[])[] };
}

/** The font's family name in jsPDF, one per weight. */
export const shapedFontFamily = 'ReceiptSans';

/** Hands the font to jsPDF (embedded as a CID font, only the glyphs used) under the family above or another. */
export function addShapingFont(
  doc: jsPDF,
  font: ShapingFont,
  style: 'normal' | 'bold',
  family = shapedFontFamily,
): void {
  const file = `${font.name}.ttf`;
  doc.addFileToVFS(file, font.ttf);
  doc.addFont(file, family, style, 'Identity-H');
}

const hex4 = (value: number) => value.toString(16).padStart(4, '0');

/** A text string for a PDF dictionary: UTF-16BE with its byte order mark, as hex. */
function pdfTextString(text: string): string {
  let out = '<FEFF';
  for (let i = 0; i < text.length; i++) out += hex4(text.charCodeAt(i));
  return `${out}>`;
}

/**
 * Draws text at (x, y) in the document's units with the current shaping font and size, each glyph where
 * shapeText placed it: jsPDF's own text() would put every mark at its default place. Written as one text
 * object with the glyphs in reading order, so text extraction and search still work; a word whose glyphs do
 * not spell it one to one (marks moved, ำ split into its ring and า) carries its real text as /ActualText.
 */
export function drawShapedText(
  doc: jsPDF,
  font: ShapingFont,
  text: string,
  x: number,
  y: number,
  options: { align?: 'left' | 'right' } = {},
): void {
  const internal = (doc as unknown as { internal: JsPdfInternals }).internal;
  const metadata = (doc.getFont() as unknown as { metadata: TtfMetadata }).metadata;
  const fontId = internal.getFont().id;
  const size = doc.getFontSize();
  const k = internal.scaleFactor;
  const perUnit = 1000 / font.unitsPerEm;
  const shaped = shapeText(font, text);
  const widthPt = (shaped.width * size) / font.unitsPerEm;
  const left = x * k - (options.align === 'right' ? widthPt : 0);
  const baseline = (internal.pageSize.getHeight() - y) * k;

  const usedWidths = metadata.Unicode.widths;
  const markGlyphUsed = (glyph: number) => {
    metadata.glyIdsUsed.push(glyph);
    const reads = glyphReading(font, glyph);
    if (reads !== undefined) metadata.toUnicode[glyph] = reads;
    if (!usedWidths.includes(glyph))
      usedWidths.push(glyph, [Math.round((font.advances[glyph] ?? 0) * perUnit)]);
  };

  const ops: string[] = [
    `BT /${fontId} ${round(size)} Tf 0 Tc 0 Tw 100 Tz ${round(left)} ${round(baseline)} Td`,
  ];
  let pen = 0; // in thousandths of the font size, from `left`
  let rise = 0;
  let array: string[] = [];
  const flush = () => {
    if (array.length > 0) ops.push(`[${array.join('')}] TJ`);
    array = [];
  };
  const words = splitWords(shaped.clusters);
  for (const word of words) {
    const spelled = word.every((cluster) => cluster.readsAsText && cluster.glyphs.length === 1);
    if (!spelled) {
      flush();
      ops.push(`/Span <</ActualText ${pdfTextString(word.map((cluster) => cluster.text).join(''))}>> BDC`);
    }
    for (const cluster of word) {
      for (const placed of cluster.glyphs) {
        markGlyphUsed(placed.glyph);
        const wantRise = round((placed.y * size) / font.unitsPerEm);
        if (wantRise !== rise) {
          flush();
          ops.push(`${wantRise} Ts`);
          rise = wantRise;
        }
        const gap = placed.x * perUnit - pen;
        if (Math.abs(gap) > 0.001) array.push(String(round(-gap)));
        array.push(`<${hex4(placed.glyph)}>`);
        pen = placed.x * perUnit + (font.advances[placed.glyph] ?? 0) * perUnit;
      }
    }
    if (!spelled) {
      flush();
      ops.push('EMC');
    }
  }
  flush();
  if (rise !== 0) ops.push('0 Ts');
  ops.push('ET');
  internal.write(ops.join('\n'));
}

/** Runs of clusters between spaces: the unit that gets an /ActualText when its glyphs do not spell it. */
function splitWords(clusters: ShapedCluster[]): ShapedCluster[][] {
  const words: ShapedCluster[][] = [];
  let current: ShapedCluster[] = [];
  for (const cluster of clusters) {
    const space = cluster.text.trim() === '';
    if (space !== (current[0]?.text.trim() === '') && current.length > 0) {
      words.push(current);
      current = [];
    }
    current.push(cluster);
  }
  if (current.length > 0) words.push(current);
  return words;
}

const readingCache = new WeakMap<ShapingFont, Map<number, number>>();
function glyphReading(font: ShapingFont, glyph: number): number | undefined {
  let map = readingCache.get(font);
  if (!map) {
    map = new Map();
    for (let i = 0; i + 1 < font.glyphText.length; i += 2) {
      map.set(font.glyphText[i] as number, font.glyphText[i + 1] as number);
    }
    readingCache.set(font, map);
  }
  return map.get(glyph);
}

const round = (value: number) => Math.round(value * 1000) / 1000;

/** Width of a text in the document's units at the current font size. */
export function shapedTextWidth(doc: jsPDF, font: ShapingFont, text: string): number {
  const internal = (doc as unknown as { internal: JsPdfInternals }).internal;
  return (textWidth(font, text) * doc.getFontSize()) / font.unitsPerEm / internal.scaleFactor;
}

/**
 * Breaks a text into lines no wider than `maxWidth` (document units). Thai writes no spaces between words,
 * so the breaks come from Intl.Segmenter's word boundaries (a dictionary of Thai words in every browser and
 * in Node); a word longer than a line is cut between clusters.
 */
export function splitShapedText(doc: jsPDF, font: ShapingFont, text: string, maxWidth: number): string[] {
  const fits = (line: string) => shapedTextWidth(doc, font, line.trimEnd()) <= maxWidth;
  const segments =
    typeof Intl.Segmenter === 'function'
      ? Array.from(new Intl.Segmenter('th', { granularity: 'word' }).segment(text), (s) => s.segment)
      : text.split(/(?<=\s)/);
  const lines: string[] = [];
  let line = '';
  for (const segment of segments) {
    if (fits(line + segment)) {
      line += segment;
      continue;
    }
    if (line.trim() !== '') lines.push(line.trimEnd());
    line = segment.trimStart();
    // A single segment wider than the line: cut it between clusters.
    while (!fits(line)) {
      const clusters = shapeText(font, line).clusters.map((cluster) => cluster.text);
      let head = '';
      for (const cluster of clusters) {
        if (!fits(head + cluster) && head !== '') break;
        head += cluster;
      }
      lines.push(head);
      line = line.slice(head.length);
    }
  }
  if (line.trim() !== '') lines.push(line.trimEnd());
  return lines;
}
