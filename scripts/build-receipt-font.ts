/**
 * Makes src/shared/receipt-font/sarabun.generated.ts: Sarabun (SIL Open Font License 1.1, from the
 * @expo-google-fonts/sarabun package, which ships the TrueType files jsPDF needs) cut down to what a receipt
 * draws, plus the shaping tables that let jsPDF place Thai marks (see font-data.ts).
 *
 *   npx tsx scripts/build-receipt-font.ts          writes the module
 *   npx tsx scripts/build-receipt-font.ts --check  fails when the committed module differs
 *
 * How: HarfBuzz (harfbuzzjs, the shaper browsers use) shapes every Thai consonant with every sequence of
 * marks Thai writing uses; the glyph choices become rules per class of consonants, the offsets become the
 * font's mark anchors. Before writing, every cluster is laid out again by shape-text.ts and must equal
 * HarfBuzz's glyphs and positions exactly, and HarfBuzz on the subset must place marks as on the full font.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import * as hb from 'harfbuzzjs';
import subsetFont from 'subset-font';
import type { ClusterRule, ShapingFont } from '../src/shared/receipt-font/font-data';
import { shapeText } from '../src/shared/receipt-font/shape-text';

const require = createRequire(import.meta.url);
const outFile = path.resolve('src/shared/receipt-font/sarabun.generated.ts');

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
/** Thai, ASCII and the punctuation Intl and the messages use. */
const coreCodePoints = [
  ...range(0x20, 0x7e),
  ...range(0x0e01, 0x0e3a),
  ...range(0x0e3f, 0x0e5b),
  ...[0xa0, 0x2009, 0x2013, 0x2014, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2026, 0x202f, 0x25cc],
];

/**
 * Regular draws everything, drink names too, so it also has Latin-1 (Rosé, Jägermeister). Bold draws only the
 * title and the total (the messages, numbers, the baht sign), so it keeps to the core set.
 */
const weights = [
  {
    name: 'Sarabun-Regular',
    file: '@expo-google-fonts/sarabun/400Regular/Sarabun_400Regular.ttf',
    codePoints: [...coreCodePoints, ...range(0xa1, 0xff)],
  },
  {
    name: 'Sarabun-Bold',
    file: '@expo-google-fonts/sarabun/700Bold/Sarabun_700Bold.ttf',
    codePoints: coreCodePoints,
  },
] as const;
/** GSUB/GPOS features HarfBuzz applies to Thai; kerning is left out because jsPDF does not kern. */
const features = ['ccmp', 'locl', 'mark', 'mkmk', 'liga', 'rlig'];

const consonants = range(0x0e01, 0x0e2e);
const below = ['\u0e38', '\u0e39', '\u0e3a'];
const above = ['\u0e31', '\u0e34', '\u0e35', '\u0e36', '\u0e37', '\u0e47', '\u0e4d'];
const tones = ['\u0e48', '\u0e49', '\u0e4a', '\u0e4b', '\u0e4c', '\u0e4e'];
const am = '\u0e33';
/** Every sequence of marks after a consonant that Thai spelling uses (and a few it tolerates). */
const patterns = [
  ...below,
  ...below.flatMap((b) => tones.map((t) => b + t)),
  ...above,
  ...above.flatMap((a) => tones.map((t) => a + t)),
  ...tones,
  am,
  ...tones.map((t) => t + am),
  ...below.map((b) => b + am),
  '\u0e45',
];

interface HbGlyph {
  glyph: number;
  x: number;
  y: number;
  advance: number;
}

function harfbuzzShaper(ttf: Uint8Array) {
  const font = new hb.Font(new hb.Face(new hb.Blob(ttf)));
  return {
    font,
    shape(text: string): HbGlyph[] {
      const buffer = new hb.Buffer();
      buffer.addText(text);
      buffer.guessSegmentProperties();
      hb.shape(font, buffer, [new hb.Feature('kern', 0)]);
      let pen = 0;
      return buffer.getGlyphInfosAndPositions().map((info) => {
        const placed = {
          glyph: info.codepoint,
          x: pen + (info.xOffset ?? 0),
          y: info.yOffset ?? 0,
          advance: info.xAdvance ?? 0,
        };
        pen += info.xAdvance ?? 0;
        return placed;
      });
    },
  };
}

/**
 * The font file without the tables only a shaper reads (GSUB, GPOS, GDEF): the PDF draws glyphs already
 * chosen and placed, so the lazy chunk need not carry them. Glyph ids do not change.
 */
function withoutLayoutTables(ttf: Uint8Array): Uint8Array {
  const dropped = new Set(['GSUB', 'GPOS', 'GDEF']);
  const source = Buffer.from(ttf);
  const count = source.readUInt16BE(4);
  const tables = range(0, count - 1)
    .map((i) => {
      const record = 12 + 16 * i;
      const offset = source.readUInt32BE(record + 8);
      const length = source.readUInt32BE(record + 12);
      return {
        tag: source.toString('latin1', record, record + 4),
        checksum: source.readUInt32BE(record + 4),
        data: source.subarray(offset, offset + length),
      };
    })
    .filter((table) => !dropped.has(table.tag));
  const entrySelector = Math.floor(Math.log2(tables.length));
  const header = Buffer.alloc(12 + 16 * tables.length);
  header.writeUInt32BE(source.readUInt32BE(0), 0);
  header.writeUInt16BE(tables.length, 4);
  header.writeUInt16BE(16 * 2 ** entrySelector, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(16 * tables.length - 16 * 2 ** entrySelector, 10);
  const bodies: Buffer[] = [];
  let offset = header.length;
  tables.forEach((table, i) => {
    header.write(table.tag, 12 + 16 * i, 'latin1');
    header.writeUInt32BE(table.checksum, 12 + 16 * i + 4);
    header.writeUInt32BE(offset, 12 + 16 * i + 8);
    header.writeUInt32BE(table.data.length, 12 + 16 * i + 12);
    const padded = Buffer.alloc(Math.ceil(table.data.length / 4) * 4);
    table.data.copy(padded);
    bodies.push(padded);
    offset += padded.length;
  });
  return new Uint8Array(Buffer.concat([header, ...bodies]));
}

const isBelowCode = (code: number) => code >= 0x0e38 && code <= 0x0e3a;

async function buildWeight(name: string, file: string, codePoints: readonly number[]): Promise<ShapingFont> {
  const full = fs.readFileSync(require.resolve(file));
  const subset = new Uint8Array(
    await subsetFont(full, String.fromCodePoint(...codePoints), {
      targetFormat: 'truetype',
      keepFeatures: features,
      noHinting: true,
    }),
  );
  const shaper = harfbuzzShaper(subset);
  const fullShaper = harfbuzzShaper(new Uint8Array(full));
  const { font } = shaper;
  const upem = new hb.Face(new hb.Blob(subset)).upem;

  const cmap = new Map<number, number>();
  for (const code of codePoints) {
    const glyph = font.nominalGlyph(code);
    if (glyph) cmap.set(code, glyph);
  }
  const maxp = new hb.Face(new hb.Blob(subset)).referenceTable('maxp');
  if (!maxp) throw new Error(`${name}: the subset has no maxp table`);
  const glyphCount = new DataView(maxp.buffer, maxp.byteOffset).getUint16(4);
  const advances = range(0, glyphCount - 1).map((glyph) => font.glyphHAdvance(glyph));

  // Which code point each glyph reads as: its own for nominal glyphs, the mark or letter it replaces for
  // alternates (learnt from the clusters below).
  const glyphText = new Map<number, number>([...cmap].map(([code, glyph]) => [glyph, code]));

  interface Observation {
    base: number;
    mark: number;
    x: number;
    y: number;
  }
  const observations: Observation[] = [];
  const rulesByBase = new Map<number, Map<string, ClusterRule>>();

  for (const consonant of consonants) {
    const rules = new Map<string, ClusterRule>();
    for (const pattern of patterns) {
      const text = String.fromCodePoint(consonant) + pattern;
      const glyphs = shaper.shape(text);
      // Cross-check: the subset must shape like the original font (same advances and offsets).
      const original = fullShaper.shape(text);
      const sameShape =
        original.length === glyphs.length &&
        original.every(
          (g, i) => g.x === glyphs[i]?.x && g.y === glyphs[i]?.y && g.advance === glyphs[i]?.advance,
        );
      if (!sameShape) throw new Error(`${name}: the subset shapes ${text} differently from the full font`);

      const [first, ...rest] = glyphs;
      if (!first) throw new Error(`${name}: no glyphs for ${text}`);
      const markOrigin = first.x + first.advance;
      const marks: ClusterRule['marks'] = [];
      const tail: number[] = [];
      const markCodes = Array.from(pattern, (c) => c.codePointAt(0) ?? 0).filter((c) => c !== 0x0e33);
      for (const glyph of rest) {
        if (glyph.advance !== 0) {
          tail.push(glyph.glyph);
          continue;
        }
        if (tail.length > 0) throw new Error(`${name}: a mark after a spacing glyph in ${text}`);
        // Alternates read as the mark they stand for, in order.
        const code = markCodes[marks.length];
        if (code !== undefined && !glyphText.has(glyph.glyph)) glyphText.set(glyph.glyph, code);
        const isBelow = isBelowCode(glyphText.get(glyph.glyph) ?? 0);
        let parent = -1;
        if (!isBelow) {
          for (let k = marks.length - 1; k >= 0; k--) {
            if (!isBelowCode(glyphText.get(marks[k]?.[0] ?? 0) ?? 0)) {
              parent = k;
              break;
            }
          }
        }
        if (parent < 0) {
          observations.push({ base: first.glyph, mark: glyph.glyph, x: glyph.x - markOrigin, y: glyph.y });
          marks.push([glyph.glyph, -1, 0, 0]);
        } else {
          const from = rest[parent] as HbGlyph;
          marks.push([glyph.glyph, parent, glyph.x - from.x, glyph.y - from.y]);
        }
      }
      if (first.glyph !== cmap.get(consonant) && !glyphText.has(first.glyph)) {
        glyphText.set(first.glyph, consonant);
      }
      const rule: ClusterRule = { marks };
      if (first.glyph !== cmap.get(consonant)) rule.base = first.glyph;
      if (tail.length > 0) rule.tail = tail;
      rules.set(pattern, rule);
    }
    rulesByBase.set(consonant, rules);
  }

  // Offsets of marks on bases as base anchor + mark anchor: solved over the graph of observed pairs.
  const baseAnchors = new Map<number, [number, number, number, number]>();
  const markAnchors = new Map<number, [number, number]>();
  const pending = [...observations];
  while (pending.length > 0) {
    let progressed = false;
    for (let i = pending.length - 1; i >= 0; i--) {
      const o = pending[i] as Observation;
      const slot = isBelowCode(glyphText.get(o.mark) ?? 0) ? 2 : 0;
      const baseAnchor = baseAnchors.get(o.base);
      const markAnchor = markAnchors.get(o.mark);
      if (baseAnchor && baseAnchor[slot] !== undefined && !Number.isNaN(baseAnchor[slot])) {
        const want: [number, number] = [o.x - baseAnchor[slot], o.y - (baseAnchor[slot + 1] as number)];
        if (markAnchor && (markAnchor[0] !== want[0] || markAnchor[1] !== want[1])) {
          throw new Error(`${name}: mark ${o.mark} on base ${o.base} is not anchor-based`);
        }
        markAnchors.set(o.mark, want);
      } else if (markAnchor) {
        const anchor = baseAnchor ?? [Number.NaN, Number.NaN, Number.NaN, Number.NaN];
        anchor[slot] = o.x - markAnchor[0];
        anchor[slot + 1] = o.y - markAnchor[1];
        baseAnchors.set(o.base, anchor);
      } else {
        continue;
      }
      pending.splice(i, 1);
      progressed = true;
    }
    if (!progressed) {
      // A new connected part of the graph: this pair's base anchor counts from zero.
      const o = pending[pending.length - 1] as Observation;
      const slot = isBelowCode(glyphText.get(o.mark) ?? 0) ? 2 : 0;
      const anchor = baseAnchors.get(o.base) ?? [Number.NaN, Number.NaN, Number.NaN, Number.NaN];
      anchor[slot] = 0;
      anchor[slot + 1] = 0;
      baseAnchors.set(o.base, anchor);
    }
  }
  for (const anchor of baseAnchors.values()) {
    for (let i = 0; i < 4; i++) if (Number.isNaN(anchor[i])) anchor[i] = 0;
  }

  // Consonants whose rules are the same (anchors aside) share a class; rules that say no more than the
  // fallback (nominal glyphs, each mark on the base) are left out.
  const fallback = (pattern: string): string =>
    JSON.stringify({
      marks: Array.from(pattern, (c) => [cmap.get(c.codePointAt(0) ?? 0), -1, 0, 0]),
    } satisfies { marks: unknown[] });
  // Class 0 is the common consonant (the first one, ก); the others list only where they differ from it.
  const commonRules = rulesByBase.get(consonants[0] as number) ?? new Map<string, ClusterRule>();
  const commonRule = (pattern: string) => {
    const rule = commonRules.get(pattern);
    return rule ? JSON.stringify(rule) : fallback(pattern);
  };
  const classes: Record<string, ClusterRule>[] = [];
  const classKeys: string[] = [];
  const baseClass: number[] = [];
  for (const consonant of consonants) {
    const own: Record<string, ClusterRule> = {};
    const common = classes.length === 0;
    for (const [pattern, rule] of rulesByBase.get(consonant) ?? []) {
      const json = JSON.stringify(rule);
      if (json !== (common ? fallback(pattern) : commonRule(pattern))) own[pattern] = rule;
    }
    const key = JSON.stringify(own);
    let index = classKeys.indexOf(key);
    if (index < 0) {
      index = classKeys.length;
      classKeys.push(key);
      classes.push(own);
    }
    if (index !== 0) baseClass.push(consonant, index);
  }

  const shaping: ShapingFont = {
    name,
    ttf: Buffer.from(withoutLayoutTables(subset)).toString('base64'),
    unitsPerEm: upem,
    cmap: [...cmap].flat(),
    advances,
    glyphText: [...glyphText].sort((a, b) => a[0] - b[0]).flat(),
    baseClass,
    clusters: classes,
    baseAnchors: Object.fromEntries(baseAnchors),
    markAnchors: Object.fromEntries(markAnchors),
  };

  // The proof: shape-text.ts lays out every cluster, and words of them, as HarfBuzz does.
  const samples = [
    ...consonants.flatMap((c) => ['', ...patterns].map((p) => String.fromCodePoint(c) + p)),
    'ขอบคุณที่มาพักกับเรา น้ำ กี่ ผู้ ปั๊ม เครื่องดื่ม ฤๅษี ญาติ ฐูป ฎุ ฟุ้ง ปู่ ฬ้ำ 1,250 ฿ Coke x2',
  ];
  for (const text of samples) {
    const ours = shapeText(shaping, text).clusters.flatMap((cluster) => cluster.glyphs);
    const theirs = shaper.shape(text);
    const same =
      ours.length === theirs.length &&
      ours.every((g, i) => g.glyph === theirs[i]?.glyph && g.x === theirs[i]?.x && g.y === theirs[i]?.y);
    if (!same) {
      throw new Error(
        `${name}: ${text} differs from HarfBuzz\n ours   ${JSON.stringify(ours)}\n theirs ${JSON.stringify(theirs)}`,
      );
    }
  }
  return shaping;
}

async function main() {
  const fonts = [];
  for (const weight of weights) fonts.push(await buildWeight(weight.name, weight.file, weight.codePoints));
  const [regular, bold] = fonts;
  const source = `// Generated by scripts/build-receipt-font.ts from @expo-google-fonts/sarabun: do not edit.
// Sarabun: Copyright 2018 The Sarabun Project Authors (https://github.com/cadsondemak/Sarabun),
// licensed under the SIL Open Font License, Version 1.1 (https://openfontlicense.org).
import type { ShapingFont } from './font-data';

export const sarabunRegular: ShapingFont = ${JSON.stringify(regular)};

export const sarabunBold: ShapingFont = ${JSON.stringify(bold)};
`;
  if (process.argv.includes('--check')) {
    const committed = fs.existsSync(outFile) ? fs.readFileSync(outFile, 'utf8') : '';
    if (committed !== source) {
      console.error(
        `${path.relative('.', outFile)} is not what the script makes: run it and commit the result`,
      );
      process.exit(1);
    }
    console.log('receipt font module is up to date');
    return;
  }
  fs.writeFileSync(outFile, source);
  for (const font of fonts) {
    console.log(
      `${font.name}: ${Buffer.from(font.ttf, 'base64').length} bytes TTF, ${font.clusters.length} classes, ` +
        `${font.clusters.reduce((n, c) => n + Object.keys(c).length, 0)} cluster rules`,
    );
  }
}

await main();
