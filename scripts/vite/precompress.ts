import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

/**
 * Writes name.br and name.gz beside every text file of the build, so the server sends them as they are
 * (static-files.ts, `precompressed: true`) instead of compressing on each request, at the strongest
 * levels, which would be too slow per request.
 */
export function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  let outDir = '';
  return {
    name: 'fridge-check:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the PWA plugin has written sw.js (also in closeBundle), so the worker goes out compressed too.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !compressible.test(entry.name)) continue;
          const file = path.join(entry.parentPath, entry.name);
          const raw = fs.readFileSync(file);
          const brotli = zlib.brotliCompressSync(raw, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
            },
          });
          const gzip = zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
          // A tiny file can grow when compressed; then the plain file is the better answer.
          if (brotli.length < raw.length) fs.writeFileSync(`${file}.br`, brotli);
          if (gzip.length < raw.length) fs.writeFileSync(`${file}.gz`, gzip);
        }
      },
    },
  };
}
