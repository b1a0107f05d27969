import type { Messages } from '../i18n/en';
import type { Language } from '../i18n/languages';

/**
 * Which font draws which letter of a receipt (docs/decisions/090-receipt-fonts-subset-on-the-server.md).
 * jsPDF's Helvetica has Latin-1 only; Sarabun (bundled) draws Thai; the fonts the server subsets draw the rest:
 * Noto Sans for Cyrillic, Greek and the rest of Latin (German and Russian receipts), Noto Sans SC for Chinese,
 * Noto Sans KR for Korean. A receipt fetches only the fonts of the scripts it holds.
 */
export const servedFaces = ['noto-sans', 'noto-sans-sc', 'noto-sans-kr'] as const;
export type ServedFace = (typeof servedFaces)[number];
export type Face = 'sarabun' | ServedFace;
export const faceWeights = ['normal', 'bold'] as const;
export type FaceWeight = (typeof faceWeights)[number];

export const isServedFace = (value: string): value is ServedFace =>
  (servedFaces as readonly string[]).includes(value);

/** The font a language's receipt is written in; null: jsPDF's Helvetica (English, as the spec's receipt). */
const languageFace: Record<Language, Face | null> = {
  en: null,
  th: 'sarabun',
  'zh-Hans': 'noto-sans-sc',
  ru: 'noto-sans',
  ko: 'noto-sans-kr',
  de: 'noto-sans',
};

/** The languages whose receipt texts a served font must carry (the server puts them in its subset). */
export const languagesOfFace = (face: Face): Language[] =>
  (Object.keys(languageFace) as Language[]).filter((language) => languageFace[language] === face);

const isHangul = (c: number) =>
  (c >= 0xac00 && c <= 0xd7af) || (c >= 0x1100 && c <= 0x11ff) || (c >= 0x3130 && c <= 0x318f);
/** Han ideographs, CJK punctuation and full-width forms (，。：！ in a Chinese sentence). */
const isHan = (c: number) =>
  (c >= 0x2e80 && c <= 0x2fdf) ||
  (c >= 0x3000 && c <= 0x303f) ||
  (c >= 0x3400 && c <= 0x4dbf) ||
  (c >= 0x4e00 && c <= 0x9fff) ||
  (c >= 0xf900 && c <= 0xfaff) ||
  (c >= 0xff00 && c <= 0xffef) ||
  (c >= 0x20000 && c <= 0x3134f);

/**
 * The font a character needs whatever the receipt's language, or null for Latin-1 (ASCII, ä ö ü ß, é), which
 * every font here has and the receipt's own font draws.
 */
export function scriptFace(codePoint: number): Face | null {
  if (codePoint <= 0xff) return null;
  if (codePoint >= 0x0e00 && codePoint <= 0x0e7f) return 'sarabun';
  if (isHangul(codePoint)) return 'noto-sans-kr';
  if (isHan(codePoint)) return 'noto-sans-sc';
  return 'noto-sans';
}

/** What draws a receipt: its main font (null: Helvetica) and every font it needs, the main one first. */
export interface ReceiptFaces {
  primary: Face | null;
  faces: Face[];
}

/**
 * The fonts for texts in a language. English stays Helvetica while every letter is Latin-1; with Thai only it
 * is Sarabun (as before); with anything else, Noto Sans.
 */
export function receiptFaces(language: Language, texts: readonly string[]): ReceiptFaces {
  const needed = new Set<Face>();
  for (const text of texts) {
    for (const char of text) {
      const face = scriptFace(char.codePointAt(0) ?? 0);
      if (face) needed.add(face);
    }
  }
  let primary = languageFace[language];
  if (primary === null && needed.size > 0) {
    primary = needed.size === 1 && needed.has('sarabun') ? 'sarabun' : 'noto-sans';
  }
  if (primary === null) return { primary, faces: [] };
  needed.delete(primary);
  return { primary, faces: [primary, ...needed] };
}

/** The font that draws a character in a receipt whose main font is `primary`. */
export const faceOf = (primary: Face, codePoint: number): Face => scriptFace(codePoint) ?? primary;

/** The messages a receipt is made of: a served font carries their letters for every language it writes. */
const receiptKeys = [
  'receiptTitle',
  'receiptDate',
  'receiptGuest',
  'totalCost',
  'receiptFooter',
  'receiptNothingTaken',
  'payWithPromptPay',
  'payeeLine',
  'scanWithBankingApp',
] as const satisfies readonly (keyof Messages)[];

/** Every letter a language's receipt texts can hold (the values' own letters come from elsewhere). */
export function receiptTextsOf(messages: Messages): string {
  return receiptKeys
    .map((key) => {
      const value = messages[key];
      return typeof value === 'function' ? (value as (...args: unknown[]) => string)(0, '', '') : value;
    })
    .join('');
}

/**
 * The characters a served font must have for a receipt: Latin-1 (digits, amounts, names like Rosé), the
 * receipt texts of the languages it writes, and those letters of the given names (drinks, the resort, the
 * payee) that it draws. Sorted and unique: the same input gives the same subset, and the same cache key.
 */
export function faceCharacters(face: ServedFace, texts: readonly string[], names: readonly string[]): string {
  const codes = new Set<number>();
  for (let c = 0x20; c <= 0x7e; c++) codes.add(c);
  for (let c = 0xa0; c <= 0xff; c++) codes.add(c);
  for (const text of texts) for (const char of text) codes.add(char.codePointAt(0) ?? 0);
  for (const name of names) {
    for (const char of name) {
      const code = char.codePointAt(0) ?? 0;
      if (scriptFace(code) === face) codes.add(code);
    }
  }
  return String.fromCodePoint(...[...codes].sort((a, b) => a - b));
}

/** A short stable hash (FNV-1a, 32 bits, base 36) of a text: the cache key of a font's character set. */
export function textKey(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
