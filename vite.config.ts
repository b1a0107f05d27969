import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = Number(process.env.API_PORT ?? 3001);
const reactRouterProduction = path.resolve('node_modules/react-router/dist/production');

/**
 * Writes name.br and name.gz beside every text file of the build, so the server sends them as they are
 * (static-files.ts, `precompressed: true`) instead of compressing on each request, at the strongest
 * levels, which would be too slow per request.
 */
function precompress(): Plugin {
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

/** Modules the admin pages share; a page's own folder (src/web/admin/<page>/) stays in its page's chunk. */
function isAdminCommon(id: string): boolean {
  const file = id.split(path.sep).join('/');
  return (
    /\/src\/web\/admin\/[^/]+$/.test(file) ||
    /\/src\/web\/components\/ui\//.test(file) ||
    /\/src\/shared\/(schemas|staff-schemas|staff-constants)\.ts$/.test(file) ||
    /\/node_modules\/(zod|react-hook-form|@hookform)\//.test(file)
  );
}

/**
 * The files /checkout can ever load: its entry, the entry's imports and, transitively, every lazy chunk it
 * may import (receipt, PDF builder, outbox...), but not the admin panel's chunks (online only, and a guest's
 * device should not spend storage on them). Filled while the bundle is written; the service worker's precache
 * list is filtered with it (checkoutPrecache below), so a new lazy chunk of the checkout is cached offline
 * without anyone listing it.
 */
function checkoutChunkClosure(): { plugin: Plugin; files: Set<string> } {
  const files = new Set<string>();
  const inAdmin = (id: string) => id.includes(`${path.sep}src${path.sep}web${path.sep}admin${path.sep}`);
  const inPackage = (id: string) => id.includes(`${path.sep}node_modules${path.sep}`);
  const plugin: Plugin = {
    name: 'fridge-check:checkout-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      files.clear();
      const chunks = new Map(
        Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
      );
      // A lazy chunk only a package asks for (jsPDF's html2canvas, DOMPurify and canvg, for features the
      // receipt does not use) is never loaded by the checkout: not worth a device's storage.
      const neverLoaded = (id: string) => {
        const importers = this.getModuleInfo(id)?.dynamicImporters ?? [];
        return importers.length > 0 && importers.every(inPackage);
      };
      const visit = (fileName: string) => {
        const chunk = chunks.get(fileName);
        if (!chunk || files.has(fileName)) return;
        // Admin code (a page, or the chunk the pages share) is never what the checkout runs.
        if (!chunk.isEntry && chunk.moduleIds.some(inAdmin)) return;
        if (chunk.isDynamicEntry && !chunk.isEntry && neverLoaded(chunk.facadeModuleId ?? '')) return;
        files.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
        for (const next of [...chunk.imports, ...chunk.dynamicImports]) visit(next);
      };
      for (const chunk of chunks.values()) if (chunk.isEntry) visit(chunk.fileName);
    },
  };
  return { plugin, files };
}

const checkoutChunks = checkoutChunkClosure();

/** The header's colour (styles.css brand-800): the installed app's title bar matches it. */
const headerColour = '#115e59';

/**
 * The installable app and its service worker (src/web/offline/sw.ts, built into dist/web/sw.js): see
 * docs/decisions/040-offline-first-checkout.md. Registration is the app's own (offline/start.ts, lazy, after
 * load), so nothing is injected into index.html but the manifest link: no inline script for the CSP to refuse.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'offline',
  filename: 'sw.ts',
  injectRegister: false,
  manifestFilename: 'manifest.webmanifest',
  // The glob below lists the icons already (the plugin would add the manifest's icons a second time).
  includeManifestIcons: false,
  manifest: {
    id: '/checkout',
    name: 'Bungalow Fridge Check',
    short_name: 'Fridge Check',
    description: "Check a bungalow's drink fridge at checkout and share the receipt, with or without Wi-Fi.",
    start_url: '/checkout',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: headerColour,
    // styles.css: the page's slate-100, so the splash screen fades into the app.
    background_color: '#f1f5f9',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    rollupFormat: 'iife',
    // The plugin lists manifest.webmanifest itself.
    globPatterns: ['**/*.{js,css,html,svg,png}'],
    globIgnores: ['sw.js'],
    manifestTransforms: [
      async (entries) => {
        const manifest = entries.filter(
          (entry) => !entry.url.endsWith('.js') || checkoutChunks.files.has(entry.url.replace(/^\//, '')),
        );
        return { manifest, warnings: [] };
      },
    ],
  },
});

export default defineConfig(({ command }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    reactRouterTreeShaking(),
    react(),
    tailwindcss(),
    checkoutChunks.plugin,
    pwa,
    precompress(),
    bundleStats(),
  ],
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
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything /checkout runs first in one chunk. Without this, code the entry shares with the lazy admin
          // pages (React, the toasts' store, the API client) is split into a common chunk of its own, and two
          // files compress worse than one: about 1.4 KiB gzip more for the first load.
          groups: [
            { name: 'index', tags: ['$initial'], priority: 2 },
            // What every admin page shares (the workspace's data functions, forms, zod) in one chunk, so the
            // list of chunks each page's import names (in the entry, for preloading) stays short.
            { name: 'admin-common', test: isAdminCommon, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${apiPort}` },
  },
}));
