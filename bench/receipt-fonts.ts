/**
 * The receipt fonts per language: what a receipt in each language fetches (gzip, both weights of every font
 * its texts need) and how long the server takes to cut each font the first time.
 *
 *   npx tsx bench/receipt-fonts.ts
 *
 * The catalogue: the nine seeded drinks plus drinks named in Chinese, Russian and Korean (so every language's
 * receipt also carries a name in each other script, the worst case), the resort's name and a payee.
 */
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';
import { seedDrinks } from '../src/server/db/seed';
import { buildServedFont } from '../src/server/receipt-fonts/served-fonts';
import { type Language, languages, loadMessages } from '../src/shared/i18n/languages';
import {
  faceCharacters,
  faceWeights,
  languagesOfFace,
  receiptFaces,
  receiptTextsOf,
  type ServedFace,
} from '../src/shared/receipt-font/faces';
import { buildReceiptModel, receiptTexts } from '../src/shared/receipt-model';

const names = [
  ...seedDrinks.map((drink) => drink.drinkName),
  '可乐',
  '雪碧',
  '青岛啤酒',
  'Квас',
  'Боржоми',
  '소주',
  '막걸리',
  'Jägermeister',
];
const resort = ['Koh Lanta Huts', 'Somchai Jaidee'];

const fontBytes = new Map<ServedFace, { gzip: number; ms: number }>();
async function servedFont(face: ServedFace) {
  let measured = fontBytes.get(face);
  if (!measured) {
    const texts = await Promise.all(
      languagesOfFace(face).map(async (l) => receiptTextsOf(await loadMessages(l))),
    );
    const characters = faceCharacters(face, texts, [...names, ...resort]);
    let gzip = 0;
    const started = performance.now();
    for (const weight of faceWeights) {
      gzip += gzipSync(JSON.stringify(await buildServedFont(face, weight, characters))).length;
    }
    measured = { gzip, ms: (performance.now() - started) / faceWeights.length };
    fontBytes.set(face, measured);
  }
  return measured;
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
console.log(`${'receipt'.padEnd(26)}${'fonts fetched (gzip, both weights)'.padEnd(76)}total`);
for (const { code } of languages) {
  const messages = await loadMessages(code as Language);
  for (const withOtherScripts of [false, true]) {
    const chosen = withOtherScripts ? names : names.filter((name) => /^[\p{Script=Latin}\s]+$/u.test(name));
    const model = buildReceiptModel({
      bungalow: 12,
      items: chosen.map((name) => ({ name, price: 50, missing: 1 })),
      date: '22/11/2026',
      language: code,
      messages,
      resortName: resort[0],
    });
    const { faces } = receiptFaces(code, receiptTexts(model));
    let total = 0;
    const parts: string[] = [];
    for (const face of faces) {
      if (face === 'sarabun') {
        parts.push('sarabun (bundled chunk)');
        continue;
      }
      const { gzip } = await servedFont(face);
      total += gzip;
      parts.push(`${face} ${kib(gzip)}`);
    }
    const label = `${code}${withOtherScripts ? ' +可乐,Квас,소주' : ''}`;
    console.log(`${label.padEnd(26)}${(parts.join(', ') || 'Helvetica (none)').padEnd(76)}${kib(total)}`);
  }
}
for (const [face, { ms }] of fontBytes)
  console.log(`cut ${face}: ${ms.toFixed(0)} ms per weight (first time)`);
