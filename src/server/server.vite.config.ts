import { defineConfig } from 'vite';

/**
 * The server bundled as ES modules; packages stay in node_modules (SSR externals). dist/server/main.js is
 * start.ts, which checks the Node version before it loads server.js (main.ts and all it imports);
 * dist/server/migrate.js is `npm run migrate` (src/server/db/migrate-command.ts), in the image too.
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/server',
    emptyOutDir: true,
    target: 'node24',
    sourcemap: true,
    rollupOptions: {
      input: {
        main: 'src/server/start.ts',
        server: 'src/server/main.ts',
        migrate: 'src/server/migrate-main.ts',
      },
      output: { entryFileNames: '[name].js' },
    },
  },
});
