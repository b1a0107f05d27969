import { inflateSync } from 'node:zlib';
import { decode as decodePng } from 'fast-png';
import jsQR from 'jsqr';
import { pngChunk } from '../../src/shared/promptpay/qr-png';

/** What a phone's camera would read: the text of the QR code in a picture of RGBA pixels, or null. */
export function decodeQrPixels(rgba: Uint8ClampedArray, width: number, height: number): string | null {
  return jsQR(rgba, width, height)?.data ?? null;
}

/** Reads the QR code in a PNG file (a Playwright screenshot, say). */
export function decodeQrPng(png: Uint8Array): string | null {
  const image = decodePng(png);
  return decodeQrPixels(
    toRgba(image.data, image.channels, image.width * image.height),
    image.width,
    image.height,
  );
}

function toRgba(data: ArrayLike<number>, channels: number, pixels: number): Uint8ClampedArray {
  const rgba = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const grey = channels < 3;
    rgba[i * 4] = data[i * channels] ?? 0;
    rgba[i * 4 + 1] = data[i * channels + (grey ? 0 : 1)] ?? 0;
    rgba[i * 4 + 2] = data[i * channels + (grey ? 0 : 2)] ?? 0;
    rgba[i * 4 + 3] = 255;
  }
  return rgba;
}

export interface PdfImage {
  width: number;
  height: number;
  colorSpace: string;
  /** The text of a QR code in the picture, or null. */
  qr: string | null;
}

/**
 * The pictures of a PDF as jsPDF writes them (FlateDecode with PNG predictors, or raw): a FlateDecode stream
 * with PNG predictors is exactly a PNG file's image data, so each one is rebuilt as a PNG and read back.
 */
export function pdfImages(bytes: Uint8Array): PdfImage[] {
  const source = Buffer.from(bytes).toString('latin1');
  const images: PdfImage[] = [];
  for (const match of source.matchAll(
    /<<((?:(?!>>\s*stream)[\s\S])*?\/Subtype \/Image[\s\S]*?)>>\s*stream\r?\n/g,
  )) {
    const dict = match[1] ?? '';
    const width = Number(/\/Width (\d+)/.exec(dict)?.[1]);
    const height = Number(/\/Height (\d+)/.exec(dict)?.[1]);
    const length = Number(/\/Length (\d+)/.exec(dict)?.[1]);
    const colorSpace = /\/ColorSpace \/(\w+)/.exec(dict)?.[1] ?? '?';
    const bits = Number(/\/BitsPerComponent (\d+)/.exec(dict)?.[1] ?? 8);
    const start = (match.index ?? 0) + match[0].length;
    const stream = Buffer.from(source.slice(start, start + length), 'latin1');
    const channels = colorSpace === 'DeviceRGB' ? 3 : 1;
    let qr: string | null = null;
    if (/\/FlateDecode/.test(dict) && /\/Predictor 1\d/.test(dict)) {
      const header = new Uint8Array(13);
      const view = new DataView(header.buffer);
      view.setUint32(0, width);
      view.setUint32(4, height);
      header.set([bits, channels === 3 ? 2 : 0, 0, 0, 0], 8);
      const png = Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        pngChunk('IHDR', header),
        pngChunk('IDAT', stream),
        pngChunk('IEND', new Uint8Array(0)),
      ]);
      qr = decodeQrPng(png);
    } else {
      const raw = /\/FlateDecode/.test(dict) ? inflateSync(stream) : stream;
      qr = decodeQrPixels(toRgba(raw, channels, width * height), width, height);
    }
    images.push({ width, height, colorSpace, qr });
  }
  return images;
}
