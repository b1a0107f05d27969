import { encode } from 'uqr';

/**
 * The dark (true) and light modules of a QR code, row by row, without a quiet zone: the page draws it as an
 * SVG, the PDF as an image. Error correction M (15%) keeps a PromptPay payload at version 4 or 5 (33 to 37
 * modules), large modules on a small sticker or a phone screen, and survives a smudge on printed paper.
 */
export function qrMatrix(text: string): boolean[][] {
  return encode(text, { ecc: 'M', border: 0 }).data;
}

/** Light modules every side, as the QR standard asks, so a scanner finds the code on any background. */
export const qrQuietZoneModules = 4;
