import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { appStartPreload } from './scripts/vite/app-start-preload';
import { bundleStats } from './scripts/vite/bundle-stats';
import { checkoutChunkClosure } from './scripts/vite/checkout-chunks';
import { compileHints } from './scripts/vite/compile-hints';
import { precompress } from './scripts/vite/precompress';
import { reactRouterTreeShaking } from './scripts/vite/react-router-tree-shaking';

const apiPort = Number(process.env.API_PORT ?? 3001);
const reactRouterProduction = path.resolve('node_modules/react-router/dist/production');

/**
 * Modules the admin pages share; a page's own folder (src/web/admin/<page>/) stays in its page's chunk, but for
 * the parts of the spec's panel (/admin, the workspace's index) that /admin/drinks and /admin/bungalows show
 * too: in one chunk with the workspace, the panel's own chunk preloads nothing more than a page did before.
 */
function isAdminCommon(id: string): boolean {
  const file = id.split(path.sep).join('/');
  return (
    /\/src\/web\/admin\/[^/]+$/.test(file) ||
    /\/src\/web\/admin\/(drinks\/(drinks-page|drink-list|drink-form|drink-commands)|bungalows\/(guest-form|guest-commands))\.tsx?$/.test(
      file,
    ) ||
    /\/src\/web\/components\/ui\//.test(file) ||
    /\/src\/shared\/(schemas|staff-schemas|staff-constants)\.ts$/.test(file) ||
    /\/node_modules\/(zod|react-hook-form|@hookform)\//.test(file)
  );
}

const checkoutChunks = checkoutChunkClosure();
const appStart = appStartPreload();

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
    reactRouterTreeShaking(reactRouterProduction),
    react(),
    tailwindcss(),
    checkoutChunks.plugin,
    appStart.plugin,
    // React and the app's first load: the guest's page runs nearly all of their code as the app starts, its
    // functions compiled off the main thread (the router's creation, React's hydration).
    compileHints(['react', 'index']),
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
    modulePreload: { polyfill: false, resolveDependencies: appStart.resolveDependencies },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything /checkout runs first in one chunk. Without this, code the entry shares with the lazy admin
          // pages (React, the toasts' store, the API client) is split into a common chunk of its own, and two
          // files compress worse than one: about 1.4 KiB gzip more for the first load.
          groups: [
            // The boot script (boot.ts, the only one the page names) and the two small modules the app shares
            // with it: in the boot's chunk, never in the app's, or the boot would load the app statically.
            {
              name: 'boot',
              test: /[\\/]src[\\/]web[\\/](boot|next-task|checkout[\\/]first-paint-id)\.ts$/,
              priority: 5,
            },
            // React and React DOM (and react-runtime.ts, which runs them): evaluated a task ahead of the app.
            {
              name: 'react',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]src[\\/]web[\\/]react-runtime\.ts$/,
              priority: 4,
            },
            // The app /checkout runs first: main.tsx and all it imports statically, one chunk.
            { name: 'index', test: /[\\/]src[\\/]web[\\/]main\.tsx$/, priority: 2 },
            // What every admin page shares (the workspace's data functions, forms, zod) in one chunk, so the
            // list of chunks each page's import names (in the entry, for preloading) stays short.
            // The PromptPay ID rules are shared by the admin's settings form and the receipt's QR code. Left to
            // the groups above they follow the form into admin-common (a group takes its modules' imports), and
            // a guest's receipt would fetch the admin's chunk: one that the service worker never keeps, so the
            // receipt fails offline. A chunk of their own keeps the receipt clear of the admin.
            {
              name: 'promptpay-rules',
              test: /[\\/]src[\\/]shared[\\/]promptpay[\\/]promptpay-id\.ts$/,
              priority: 3,
            },
            // The toasts' store: lazy for the checkout (components/toast-error.ts, the toaster, the receipt) and
            // used by the admin too; a chunk of its own keeps the checkout's lazy parts clear of the admin's.
            { name: 'toast-store', test: /[\\/]node_modules[\\/]react-hot-toast[\\/]/, priority: 3 },
            // lucide-react's icon machinery: the checkout's lazy parts (the receipt's buttons, the toasts, the
            // outbox) and the admin draw its icons; the first load draws its own (components/guest-icons.tsx).
            {
              name: 'lucide',
              test: /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](?!icons[\\/])/,
              priority: 3,
            },
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
