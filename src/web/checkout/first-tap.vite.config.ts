import path from 'node:path';
import { defineConfig } from 'vite';

/**
 * The first taps' script (src/web/checkout/first-tap.ts), built after the app (npm run build) into one
 * self-contained classic script, dist/web/first-tap.js: the server reads it at start and inlines it in the
 * guest's page after the page's data and before its drinks (server/http/checkout-page.ts), allowed by its hash.
 * Written after the app's build, so the service worker's precache never lists it (no browser fetches it).
 */
export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'dist/web',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    minify: true,
    rollupOptions: {
      // shared/constants.ts reads the English messages into its exports at load; none of our modules has a getter,
      // so a read of a property has no effect and what the script does not use (the messages) is left out.
      treeshake: { propertyReadSideEffects: false },
    },
    lib: {
      entry: path.resolve('src/web/checkout/first-tap.ts'),
      formats: ['iife'],
      name: 'fridgeCheckFirstTap',
      fileName: () => 'first-tap.js',
    },
  },
});
