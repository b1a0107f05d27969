import type { Messages } from '../shared/i18n/en';
import type { PdfFonts } from '../shared/pdf-text-writer';
import { faceCharacters, faceWeights, receiptTextsOf, textKey } from '../shared/receipt-font/faces';
import type { ShapingFont } from '../shared/receipt-font/font-data';
import type { ServedFontLoader } from '../shared/receipt-pdf';

/**
 * Fetches the receipt fonts the server cuts (GET /api/receipt-fonts/:face/:weight), regular and bold. The
 * `v` key is made from what this page knows (the language's receipt texts, the drinks', resort's and payee's
 * names, with tax on the tax words and the seller's name and address), so it is the same offline as when the device last made a receipt in that script: the service worker
 * answers from its copy then; a renamed or new drink makes a new key, and so a fresh font.
 */
export function servedFontLoader(
  messages: Messages,
  names: readonly string[],
  /** More texts of the receipt's language: a tax invoice's words, with the resort's tax settings on. */
  texts: readonly string[] = [],
): ServedFontLoader {
  return async (face) => {
    const key = textKey(faceCharacters(face, [receiptTextsOf(messages), ...texts], names));
    const [normal, bold] = await Promise.all(
      faceWeights.map(async (weight) => {
        const response = await fetch(`/api/receipt-fonts/${face}/${weight}?v=${key}`);
        if (!response.ok) throw new Error(`The receipt font ${face} ${weight} could not be loaded`);
        return (await response.json()) as ShapingFont;
      }),
    );
    return { normal, bold } as PdfFonts;
  };
}
