import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';

/**
 * The built web app: hashed assets cached for a year (their names change with their content), the
 * pre-compressed .br/.gz files the build wrote, and index.html for every client route, never cached stale.
 */
export function mountWebApp(app: Hono, webRoot: string) {
  const indexFile = path.join(webRoot, 'index.html');
  const root = path.relative(process.cwd(), webRoot) || '.';

  app.use(
    '/assets/*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable');
      },
    }),
  );
  app.use(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (filePath, c) => {
        c.header('Cache-Control', filePath.endsWith('.html') ? 'no-cache' : 'public, max-age=3600');
      },
    }),
  );
  app.get('*', async (c) => {
    // Client routes (/checkout, /admin, unknown paths that show the error page) all get the app shell.
    const html = await fs.promises.readFile(indexFile, 'utf8');
    c.header('Cache-Control', 'no-cache');
    return c.html(html);
  });
}
