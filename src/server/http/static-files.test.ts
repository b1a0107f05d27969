import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { parseConfig } from '../config';
import { type Db, openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createLogger } from '../logger';
import { drinksPreloadLink } from './static-files';

/** A built web app in miniature, with the .br/.gz twins the build writes (vite.config.ts). */
function writeWebRoot(dir: string) {
  const write = (file: string, content: string) => {
    const full = path.join(dir, file);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
    fs.writeFileSync(`${full}.br`, brotliCompressSync(content));
    fs.writeFileSync(`${full}.gz`, gzipSync(content));
  };
  write(
    'index.html',
    '<!doctype html><html><head><title>Fridge Check</title></head><body><div id="root"></div></body></html>',
  );
  write('assets/index-abc123.js', `console.log(${JSON.stringify('x'.repeat(2000))});`);
  write('assets/index-abc123.css', `body{color:${'red'.repeat(10)}}`);
  write('sw.js', `self.addEventListener('fetch', () => {}); // ${'x'.repeat(200)}`);
  fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Bungalow Fridge Check"}');
}

describe('the built web app as the server sends it', () => {
  let dir: string;
  let db: Db;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-web-'));
    writeWebRoot(path.join(dir, 'web'));
    db = openDatabase(`sqlite:${path.join(dir, 'db.sqlite')}`);
    await migrateToLatest(db);
    app = createApp({
      db,
      config: { ...parseConfig({}), webRoot: path.join(dir, 'web') },
      adminPasswordHash: 'unused',
      logger: createLogger('silent'),
    });
  });
  afterAll(async () => {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a hashed asset comes pre-compressed as brotli, gzip or plain, typed, cached for a year as immutable', async () => {
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await app.request('/assets/index-abc123.js', {
        headers: { 'accept-encoding': accept },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toContain('Accept-Encoding');
    }
    const brotli = await app.request('/assets/index-abc123.js', { headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString()).toBe(
      fs.readFileSync(path.join(dir, 'web/assets/index-abc123.js'), 'utf8'),
    );
  });

  it('the service worker and the manifest are revalidated at every load, never immutable, under the CSP', async () => {
    const worker = await app.request('/sw.js', { headers: { 'accept-encoding': 'br' } });
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    expect(worker.headers.get('content-security-policy')).toContain("default-src 'self'");
    const manifest = await app.request('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toEqual({ name: 'Bungalow Fridge Check' });
  });

  it('a hashed asset that is not there is a 404, never the HTML shell', async () => {
    const response = await app.request('/assets/index-gone999.js', { headers: { 'accept-encoding': 'br' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).not.toMatch(/text\/html/);
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable');
  });

  it('index.html is never cached stale, at / and at every client route, compressed or not', async () => {
    for (const url of ['/', '/index.html', '/checkout', '/admin', '/no/such/page']) {
      for (const accept of ['br', 'gzip', 'identity']) {
        const response = await app.request(url, { headers: { 'accept-encoding': accept } });
        expect(response.status, `${url} ${accept}`).toBe(200);
        expect(response.headers.get('content-type'), url).toMatch(/^text\/html/);
        expect(response.headers.get('cache-control'), `${url} ${accept}`).toBe('no-cache');
      }
    }
  });

  it('the shell of / (which leads to /checkout) asks the browser to fetch the drinks at once; /admin does not', async () => {
    // /checkout itself is rendered with its drinks in it (checkout-page.test.ts): nothing to preload.
    for (const url of ['/', '/checkout', '/checkout?bungalow=12']) {
      const link = (await app.request(url)).headers.get('link');
      expect(link, url).toBe(url === '/' ? drinksPreloadLink : null);
    }
    expect((await app.request('/admin')).headers.get('link')).toBeNull();
    expect(drinksPreloadLink).toBe('</api/drinks>; rel=preload; as=fetch; crossorigin=anonymous');
  });
});
