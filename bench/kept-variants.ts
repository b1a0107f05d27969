/**
 * The kept answers' memory (docs/decisions/239): the built server on SQLite is sent the guest's page and the
 * drinks with 2,304 different Accept-Encoding headers (the review's count), and its resident memory is read
 * before, right after and 5 s later. An unbounded cache keeps an answer per header; a bounded one, one per
 * encoding served.
 *
 *   npm run build && npx tsx bench/kept-variants.ts
 *   KEPT_BENCH_ENTRY=/path/to/old/dist/server/main.js npx tsx bench/kept-variants.ts   another build
 */
import http from 'node:http';
import { pathToFileURL } from 'node:url';
import { startServer } from '../tests/support/server-process';
import { readMemory } from './servers';

const variants = Number(process.env.KEPT_BENCH_VARIANTS ?? 2304);
const entry = process.env.KEPT_BENCH_ENTRY;

/** One GET with its own Accept-Encoding, the body read and dropped. */
function get(url: string, acceptEncoding: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': acceptEncoding } }, (response) => {
        response.resume();
        response.on('end', () => resolve(response.statusCode ?? 0));
      })
      .on('error', reject);
  });
}

const mb = (bytes: number | undefined) =>
  bytes === undefined ? '?' : `${(bytes / 1024 / 1024).toFixed(0)} MB`;

export async function runKeptVariantsBench(): Promise<string> {
  const server = await startServer({ env: { LOG_LEVEL: 'warn' }, ...(entry ? { entry } : {}) });
  try {
    // Each page once first: the app's own page cache is warm before the kept answers are counted.
    await get(`${server.baseURL}/checkout?bungalow=4`, 'br');
    await get(`${server.baseURL}/api/drinks`, 'br');
    const before = readMemory(server.child.pid);
    for (let i = 0; i < variants; i++) {
      // No coding the app knows: each answered as text (about 30 kB a page), the costliest to keep.
      const acceptEncoding = `identity, x-variant-${i}`;
      const path = i % 2 ? '/api/drinks' : '/checkout?bungalow=4';
      const status = await get(`${server.baseURL}${path}`, acceptEncoding);
      if (status !== 200) throw new Error(`${path} answered ${status}`);
    }
    const after = readMemory(server.child.pid);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const later = readMemory(server.child.pid);
    return `${variants.toLocaleString('en-US')} Accept-Encoding variants: resident memory ${mb(before?.rss)} before, ${mb(after?.rss)} after, ${mb(later?.rss)} 5 s later (peak ${mb(later?.peak)})`;
  } finally {
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runKeptVariantsBench()
    .then((line) => console.log(line))
    .catch((error: Error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
