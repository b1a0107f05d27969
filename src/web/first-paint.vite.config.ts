import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

/**
 * The guest's page's own rules (src/web/first-paint.css), built after the app (npm run build) through the same
 * Tailwind and minifier as the app's stylesheet, and written beside index.html as dist/web/first-paint.css:
 * the server reads it at start and inlines it into the page (server/http/checkout-page.ts). A build of its own,
 * so the app's chunk groups never merge it into the app's sheet; written after the app's build, so the service
 * worker's precache never lists it (no browser fetches it).
 */
export default defineConfig({
  root: 'src/web',
  publicDir: false,
  plugins: [tailwindcss()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: false,
    copyPublicDir: false,
    target: 'es2022',
    cssMinify: 'lightningcss',
    rolldownOptions: {
      input: { 'first-paint': path.resolve('src/web/first-paint.css') },
      output: { assetFileNames: '[name][extname]' },
    },
  },
});
