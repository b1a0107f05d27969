import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiPort = Number(process.env.API_PORT ?? 3001);
const reactRouterProduction = path.resolve('node_modules/react-router/dist/production');

/**
 * Writes name.br and name.gz beside every text file of the build, so the server sends them as they are
 * (static-files.ts, `precompressed: true`) instead of compressing on each request, at the strongest
 * levels, which would be too slow per request.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt)$/;
  let outDir = '';
  return {
    name: 'fridge-check:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
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
  };
}

/**
 * Records which source modules went into which chunk, outside the served folder (dist/bundle-stats.json):
 * `npm run bench` uses it to prove that no PDF or admin code is in what /checkout loads first.
 */
function bundleStats(): Plugin {
  let outDir = '';
  return {
    name: 'fridge-check:bundle-stats',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunks = Object.values(bundle).flatMap((item) =>
        item.type === 'chunk'
          ? [
              {
                file: item.fileName,
                name: item.name,
                isEntry: item.isEntry,
                isDynamicEntry: item.isDynamicEntry,
                imports: item.imports,
                dynamicImports: item.dynamicImports,
                // Bytes each module adds to the chunk before minification: enough to rank what is heavy.
                modules: Object.fromEntries(
                  Object.entries(item.modules).map(([id, module]) => [
                    path.relative(process.cwd(), id),
                    module.renderedLength,
                  ]),
                ),
              },
            ]
          : [],
      );
      fs.writeFileSync(
        path.resolve(outDir, '../bundle-stats.json'),
        `${JSON.stringify({ chunks }, null, 1)}\n`,
      );
    },
  };
}

/**
 * react-router's published build marks neither its `forwardRef` components as pure nor skips their
 * `displayName` assignments, so Link's siblings (NavLink, Form, ScrollRestoration...) stay in the bundle even
 * unused. Annotating them lets the bundler drop what the app never imports: about 2 KiB gzip off the first
 * load. Only names for React DevTools are lost. See docs/decisions/react-router-tree-shaking.md.
 */
function reactRouterTreeShaking(): Plugin {
  return {
    name: 'fridge-check:react-router-tree-shaking',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!id.startsWith(reactRouterProduction)) return;
      return code
        .replace(/^\w+\.displayName = "[^"\n]*";$/gm, '')
        .replace(/\bReact\d*\.forwardRef\(/g, '/* @__PURE__ */ $&');
    },
  };
}

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [reactRouterTreeShaking(), react(), tailwindcss(), precompress(), bundleStats()],
  resolve: {
    // react-router's package exports point every bundler at its development build (dev warnings kept);
    // the production build it ships beside it is smaller. Development keeps the warnings.
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${reactRouterProduction}/index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${reactRouterProduction}/dom-export.mjs` },
          ]
        : [],
  },
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // The polyfill only helps browsers without <link rel="modulepreload"> (Safari before 17), which still load
    // every chunk without it, a little later; every guest would pay its bytes in the entry.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
