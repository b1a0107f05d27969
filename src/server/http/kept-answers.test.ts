import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { startKeptServer } from '../../../tests/support/kept-server';
import { rawGet } from '../../../tests/support/raw-get';
import { servedEncoding } from './served-encoding';

/** The body as the client reads it, whatever it was sent in. */
function decoded(answer: { headers: Record<string, string>; body: Buffer }): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return zlib.brotliDecompressSync(answer.body).toString();
  if (encoding === 'gzip') return zlib.gunzipSync(answer.body).toString();
  if (encoding === 'deflate') return zlib.inflateSync(answer.body).toString();
  return answer.body.toString();
}

/** 2,000 ways of asking: made-up codings, q-values, case and spaces around the four the app serves. */
const acceptEncodings = Array.from({ length: 2000 }, (_, i) => {
  const noise = `x-coding-${i};q=0.${(i % 9) + 1}`;
  switch (i % 5) {
    case 0:
      return `gzip, deflate, br, ${noise}`;
    case 1:
      return `${noise}, GZIP;q=0.${(i % 8) + 1}`;
    case 2:
      return `identity, ${noise}`;
    case 3:
      return `deflate;q=0.5, ${noise}`;
    default:
      return `${noise}, *`;
  }
});

describe('the encoding an Accept-Encoding header is answered in', () => {
  it('is the app\'s own choice: br, then gzip, then Hono\'s gzip or deflate (with "*"), else identity', () => {
    expect(servedEncoding(undefined)).toBe('identity');
    expect(servedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(servedEncoding('br;q=0, GZIP')).toBe('gzip');
    expect(servedEncoding('deflate')).toBe('deflate');
    expect(servedEncoding('*')).toBe('gzip');
    expect(servedEncoding('gzip;q=0, *')).toBe('deflate');
    expect(servedEncoding('identity, x-made-up')).toBe('identity');
    expect(servedEncoding('gzip;q=0, deflate;q=0')).toBe('identity');
  });
});

describe('the kept answers stay bounded (SQLite, where the guest page is kept too)', () => {
  it("2,000 Accept-Encoding variants keep one answer an encoding served, and each answer is the app's", async () => {
    const { t, ...server } = await startKeptServer();
    for (const [i, acceptEncoding] of acceptEncodings.entries()) {
      const at = i % 2 ? '/checkout?bungalow=4' : '/api/drinks';
      const fast = await rawGet(server.url(at), { 'accept-encoding': acceptEncoding });
      expect(fast.status).toBe(200);
      // Every 40th: the same as the app answers that very header, in its encoding and, read, its text.
      if (i % 40 < 2) {
        const viaApp = await rawGet(server.url(at), { 'accept-encoding': acceptEncoding });
        const app = await t.request('GET', at, {
          headers: { 'accept-encoding': acceptEncoding, host: server.host },
        });
        const appAnswer = {
          headers: Object.fromEntries(app.headers),
          body: Buffer.from(await app.arrayBuffer()),
        };
        expect(fast.headers['content-encoding'], acceptEncoding).toBe(appAnswer.headers['content-encoding']);
        expect(decoded(fast)).toBe(decoded(appAnswer));
        expect(decoded(viaApp)).toBe(decoded(fast));
      }
    }
    // Two routes × the four encodings served, one Host: not 2,000.
    expect(server.kept.size().answers).toBeLessThanOrEqual(8);
    expect(server.kept.size().bytes).toBeLessThan(1024 * 1024);
  });

  it('past its bytes, the least recently sent answer is let go, and asked again it comes from the app', async () => {
    const maxBytes = 64 * 1024;
    const { t, ...server } = await startKeptServer({ maxBytes });
    const pageLines = () => t.logLines.filter((line) => line.includes('"path":"/checkout"')).length;
    const page = (bungalow: number) =>
      rawGet(server.url(`/checkout?bungalow=${bungalow}`), { 'accept-encoding': 'identity' });
    for (let bungalow = 1; bungalow <= 40; bungalow++) {
      expect((await page(bungalow)).status).toBe(200);
      expect(server.kept.size().bytes).toBeLessThanOrEqual(maxBytes);
    }
    // The newest is kept (the app logs every page it answers, a kept one is not its)...
    let before = pageLines();
    expect(decoded(await page(40))).toContain('Bungalow 40');
    expect(pageLines()).toBe(before);
    // ...the oldest was let go, and the app answers it again, right.
    before = pageLines();
    expect(decoded(await page(1))).toContain('Bungalow 1');
    expect(pageLines()).toBeGreaterThan(before);
    expect(server.kept.size().bytes).toBeLessThanOrEqual(maxBytes);
  });
});
