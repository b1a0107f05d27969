import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as hb from 'harfbuzzjs';
import subsetFont from 'subset-font';
import type { FaceWeight, ServedFace } from '../../shared/receipt-font/faces';
import type { ShapingFont } from '../../shared/receipt-font/font-data';

const require = createRequire(import.meta.url);

/**
 * The TrueType files the receipt fonts are cut from (SIL Open Font License 1.1, from the @expo-google-fonts
 * packages, which ship TrueType: jsPDF reads nothing else). A CJK file is 6-10 MB; a subset of it is ~30 KB.
 */
const sources: Record<ServedFace, { name: string; files: Record<FaceWeight, string> }> = {
  'noto-sans': {
    name: 'NotoSans',
    files: {
      normal: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
      bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
    },
  },
  'noto-sans-sc': {
    name: 'NotoSansSC',
    files: {
      normal: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
      bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
    },
  },
  'noto-sans-kr': {
    name: 'NotoSansKR',
    files: {
      normal: '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf',
      bold: '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf',
    },
  },
};

/**
 * Tables the PDF never reads: layout (jsPDF does no shaping, and these scripts need none beyond the cmap),
 * vertical metrics, hinting. Dropping them cuts a CJK subset from ~50 to ~20 KiB gzip.
 */
const dropTables = ['GSUB', 'GPOS', 'GDEF', 'vhea', 'vmtx', 'VORG', 'DSIG', 'gasp', 'prep', 'fpgm', 'cvt '];

/**
 * A served font cut down to `characters`, with what the PDF code needs to lay it out (font-data.ts): the
 * character map and each glyph's advance. No Thai is drawn with these fonts, so there are no cluster rules.
 */
export async function buildServedFont(
  face: ServedFace,
  weight: FaceWeight,
  characters: string,
): Promise<ShapingFont> {
  const source = sources[face];
  const full = await fs.readFile(require.resolve(source.files[weight]));
  const subset = new Uint8Array(
    await subsetFont(full, characters, { targetFormat: 'truetype', noHinting: true, dropTables }),
  );
  const hbFace = new hb.Face(new hb.Blob(subset));
  const font = new hb.Font(hbFace);
  const maxp = hbFace.referenceTable('maxp');
  if (!maxp) throw new Error(`${face} ${weight}: the subset has no maxp table`);
  const glyphCount = new DataView(maxp.buffer, maxp.byteOffset).getUint16(4);
  const cmap: number[] = [];
  const glyphText: number[] = [];
  const seen = new Set<number>();
  for (const char of characters) {
    const code = char.codePointAt(0) ?? 0;
    const glyph = font.nominalGlyph(code);
    if (!glyph) continue;
    cmap.push(code, glyph);
    if (!seen.has(glyph)) glyphText.push(glyph, code);
    seen.add(glyph);
  }
  return {
    name: `${source.name}-${weight === 'bold' ? 'Bold' : 'Regular'}`,
    ttf: Buffer.from(subset).toString('base64'),
    unitsPerEm: hbFace.upem,
    cmap,
    advances: Array.from({ length: glyphCount }, (_, glyph) => font.glyphHAdvance(glyph)),
    glyphText,
    baseClass: [],
    clusters: [{}],
    baseAnchors: {},
    markAnchors: {},
  };
}

/** Subsets are cut once per font, weight and character set; a few of each are kept (the catalogue rarely changes). */
export function createServedFontCache(keep = 12) {
  const cache = new Map<string, Promise<string>>();
  /** The font as the endpoint sends it, JSON (compressed on the way by the app's middleware). */
  return (face: ServedFace, weight: FaceWeight, characters: string): Promise<string> => {
    const key = `${face}/${weight}/${characters}`;
    let body = cache.get(key);
    if (!body) {
      body = buildServedFont(face, weight, characters).then((font) => JSON.stringify(font));
      body.catch(() => cache.delete(key));
      cache.set(key, body);
      for (const old of cache.keys()) {
        if (cache.size <= keep) break;
        cache.delete(old);
      }
    }
    return body;
  };
}
