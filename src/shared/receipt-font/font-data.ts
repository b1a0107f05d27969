/**
 * A TrueType font for the PDF receipt together with what jsPDF cannot work out from it: jsPDF draws one glyph
 * per character and reads no GSUB/GPOS, so Thai vowels and tone marks would collide. The build script
 * (scripts/build-receipt-font.ts) shapes every Thai cluster with HarfBuzz and stores the result here in a
 * compact form that shape-text.ts replays, exactly (the script checks every cluster before it writes).
 * All lengths are in font units.
 */
export interface ShapingFont {
  /** PostScript-style name, also the file name jsPDF keeps the font under. */
  name: string;
  /** The subset TrueType file, base64. */
  ttf: string;
  unitsPerEm: number;
  /** Pairs of code point and glyph id. */
  cmap: number[];
  /** Advance width of each glyph, by glyph id. */
  advances: number[];
  /** Pairs of glyph id and the code point a text extractor should read for it (alternate forms too). */
  glyphText: number[];
  /** Pairs of base code point and its cluster class; a Thai base not listed is class 0. */
  baseClass: number[];
  /**
   * By class (0 is the common consonant; the others list only where they differ from it, and a sequence no
   * class lists is drawn with nominal glyphs, each mark on the base), then by the marks that follow the base
   * as written (`'่'`, `'ี่'`, `'้ำ'`...): how the cluster is
   * drawn. `base` replaces the base's glyph when set (a descender-less ญ before a below vowel); each mark is
   * `[glyph, parent, dx, dy]`: parent -1 means attached to the base (offset from `anchors`), otherwise the
   * index of the earlier mark it sits on, at (dx, dy) from it; `tail` are spacing glyphs drawn after (the า
   * of ำ).
   */
  clusters: Record<string, ClusterRule>[];
  /** Mark-to-base attachment: by base glyph id, the offset of a mark's origin, as [aboveX, aboveY, belowX, belowY]. */
  baseAnchors: Record<number, [number, number, number, number]>;
  /** By mark glyph id, its own share of the mark-to-base offset, as [x, y]. */
  markAnchors: Record<number, [number, number]>;
}

export interface ClusterRule {
  base?: number;
  marks: [glyph: number, parent: number, dx: number, dy: number][];
  tail?: number[];
}
