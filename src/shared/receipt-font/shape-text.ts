import type { ClusterRule, ShapingFont } from './font-data';

/** A glyph's origin, in font units from the start of the text, y upwards. */
export interface PlacedGlyph {
  glyph: number;
  x: number;
  y: number;
}

/** What one base letter with its marks became: the text it stands for and the glyphs that draw it. */
export interface ShapedCluster {
  text: string;
  glyphs: PlacedGlyph[];
  /** True when the glyphs, read one code point each, spell `text` (else a PDF must say the text itself). */
  readsAsText: boolean;
}

export interface ShapedText {
  clusters: ShapedCluster[];
  /** Advance of the whole text, font units. */
  width: number;
}

/** Thai combining vowels and tone marks: they sit above or below the letter before them. */
const isThaiMark = (code: number) =>
  code === 0x0e31 || (code >= 0x0e34 && code <= 0x0e3a) || (code >= 0x0e47 && code <= 0x0e4e);
const isBelowMark = (code: number) => code >= 0x0e38 && code <= 0x0e3a;
const isThaiConsonant = (code: number) => code >= 0x0e01 && code <= 0x0e2e;
/** SARA AM (its ring sits over the letter) and LAKKHANGYAO (joins ฤ and ฦ): spacing, yet part of the cluster. */
const isClusterTail = (code: number) => code === 0x0e33 || code === 0x0e45;
const replacement = 0x3f; // '?' for a character the font lacks

interface FontTables {
  cmap: Map<number, number>;
  glyphText: Map<number, number>;
  baseClass: Map<number, number>;
}

const tablesCache = new WeakMap<ShapingFont, FontTables>();

function pairs(flat: readonly number[]): Map<number, number> {
  const map = new Map<number, number>();
  for (let i = 0; i + 1 < flat.length; i += 2) map.set(flat[i] as number, flat[i + 1] as number);
  return map;
}

function tablesOf(font: ShapingFont): FontTables {
  let tables = tablesCache.get(font);
  if (!tables) {
    tables = { cmap: pairs(font.cmap), glyphText: pairs(font.glyphText), baseClass: pairs(font.baseClass) };
    tablesCache.set(font, tables);
  }
  return tables;
}

/**
 * Lays out a line of text the way HarfBuzz does with this font (the build script proves it for every Thai
 * cluster): Thai marks become the font's alternate forms where it has them and move to their anchors, so a
 * tone mark stands above an upper vowel instead of on it. Latin and digits need no shaping (no kerning).
 */
export function shapeText(font: ShapingFont, text: string): ShapedText {
  const { cmap, glyphText, baseClass } = tablesOf(font);
  const glyphOf = (code: number) => cmap.get(code) ?? cmap.get(replacement) ?? 0;
  const advanceOf = (glyph: number) => font.advances[glyph] ?? 0;
  const codes = Array.from(text, (char) => char.codePointAt(0) ?? 0);
  const clusters: ShapedCluster[] = [];
  let pen = 0;
  let index = 0;

  while (index < codes.length) {
    const base = codes[index] as number;
    let end = index + 1;
    while (end < codes.length && isThaiMark(codes[end] as number)) end++;
    if (isThaiConsonant(base) && end < codes.length && isClusterTail(codes[end] as number)) end++;
    const marks = codes.slice(index + 1, end);
    const clusterText = String.fromCodePoint(base, ...marks);
    index = end;

    const key = String.fromCodePoint(...marks);
    const rule: ClusterRule | undefined = isThaiConsonant(base)
      ? (font.clusters[baseClass.get(base) ?? 0]?.[key] ?? font.clusters[0]?.[key])
      : undefined;
    const baseGlyph = rule?.base ?? glyphOf(base);
    const glyphs: PlacedGlyph[] = [{ glyph: baseGlyph, x: pen, y: 0 }];
    const markOrigin = pen + advanceOf(baseGlyph);
    const anchors = font.baseAnchors[baseGlyph];
    const onBase = (glyph: number): [number, number] => {
      const own = font.markAnchors[glyph] ?? [0, 0];
      const below = isBelowMark(glyphText.get(glyph) ?? 0);
      const [x, y] = anchors ? (below ? [anchors[2], anchors[3]] : [anchors[0], anchors[1]]) : [0, 0];
      return [markOrigin + x + own[0], y + own[1]];
    };

    if (rule) {
      const placed: [number, number][] = [];
      for (const [glyph, parent, dx, dy] of rule.marks) {
        const from = parent < 0 ? undefined : placed[parent];
        const at: [number, number] = from ? [from[0] + dx, from[1] + dy] : onBase(glyph);
        placed.push(at);
        glyphs.push({ glyph, x: at[0], y: at[1] });
      }
      pen = markOrigin;
      for (const glyph of rule.tail ?? []) {
        glyphs.push({ glyph, x: pen, y: 0 });
        pen += advanceOf(glyph);
      }
    } else {
      // A sequence the build never saw (marks on a digit, doubled marks): each mark on the base as drawn.
      pen = markOrigin;
      for (const mark of marks) {
        const glyph = glyphOf(mark);
        if (isThaiMark(mark)) {
          const [x, y] = onBase(glyph);
          glyphs.push({ glyph, x, y });
        } else {
          glyphs.push({ glyph, x: pen, y: 0 });
          pen += advanceOf(glyph);
        }
      }
    }

    const spelled = String.fromCodePoint(...glyphs.map((placed) => glyphText.get(placed.glyph) ?? 0xfffd));
    clusters.push({ text: clusterText, glyphs, readsAsText: spelled === clusterText });
  }
  return { clusters, width: pen };
}

/** Width of a text in font units, as shapeText lays it out. */
export function textWidth(font: ShapingFont, text: string): number {
  return shapeText(font, text).width;
}
