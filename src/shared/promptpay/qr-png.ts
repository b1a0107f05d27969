import { qrQuietZoneModules } from './qr-matrix';

/**
 * A QR module matrix as a greyscale PNG file, each module a square of `scale` pixels, with the quiet zone.
 * jsPDF takes the PNG and compresses it itself (addImage with 'FAST'), so the zlib stream here uses stored
 * (uncompressed) blocks: no deflate code is shipped for a picture that is never sent as it is. The pixels
 * stay square: a viewer that smooths an enlarged picture only softens the edges of 8-pixel modules.
 */
export function qrPng(matrix: readonly (readonly boolean[])[], scale = 8): Uint8Array {
  const modules = matrix.length + 2 * qrQuietZoneModules;
  const side = modules * scale;
  // One filter byte (0: none) before each row of pixels, as PNG lays out its image data.
  const raw = new Uint8Array(side * (side + 1)).fill(0xff);
  for (let y = 0; y < side; y++) {
    const rowStart = y * (side + 1);
    raw[rowStart] = 0;
    const row = matrix[Math.floor(y / scale) - qrQuietZoneModules];
    if (!row) continue;
    for (let x = 0; x < side; x++) {
      if (row[Math.floor(x / scale) - qrQuietZoneModules]) raw[rowStart + 1 + x] = 0;
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, side);
  view.setUint32(4, side);
  header.set([8, 0, 0, 0, 0], 8); // 8 bits, greyscale, deflate, adaptive filtering, no interlace
  return concat([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlibStored(raw)),
    pngChunk('IEND', new Uint8Array(0)),
  ]);
}

/** A PNG chunk: length, type, data, and the CRC-32 of type and data. */
export function pngChunk(type: string, data: Uint8Array): Uint8Array {
  const chunk = new Uint8Array(12 + data.length);
  const view = new DataView(chunk.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) chunk[4 + i] = type.charCodeAt(i);
  chunk.set(data, 8);
  view.setUint32(8 + data.length, crc32(chunk.subarray(4, 8 + data.length)));
  return chunk;
}

/** A zlib stream of stored deflate blocks (RFC 1950/1951): header, blocks of at most 65,535 bytes, Adler-32. */
function zlibStored(data: Uint8Array): Uint8Array {
  const blockMax = 0xffff;
  const blocks = Math.max(1, Math.ceil(data.length / blockMax));
  const out = new Uint8Array(2 + data.length + 5 * blocks + 4);
  out.set([0x78, 0x01]);
  let at = 2;
  for (let block = 0; block < blocks; block++) {
    const part = data.subarray(block * blockMax, (block + 1) * blockMax);
    out[at] = block === blocks - 1 ? 1 : 0;
    out[at + 1] = part.length & 0xff;
    out[at + 2] = part.length >> 8;
    out[at + 3] = ~part.length & 0xff;
    out[at + 4] = (~part.length >> 8) & 0xff;
    out.set(part, at + 5);
    at += 5 + part.length;
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65521;
    b = (b + a) % 65521;
  }
  new DataView(out.buffer).setUint32(at, ((b << 16) | a) >>> 0);
  return out;
}

let crcTable: Uint32Array | undefined;

function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (crcTable[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
