import fs from 'node:fs';
import path from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import { HttpError, sendError } from './errors';

/** Client routes whose first screen needs the drinks: their shell asks the browser to fetch them at once. */
const drinksFirstPaths = new Set(['/', '/checkout']);

/**
 * Matches the `fetch('/api/drinks')` of web/api.ts (CORS mode, same-origin credentials), so the browser hands
 * that fetch the preloaded answer instead of asking again. Sent as a header on the shell of /checkout only
 * (not a <link> in index.html, which every route shares), so /admin does not fetch drinks it would not use.
 */
export const drinksPreloadLink = '</api/drinks>; rel=preload; as=fetch; crossorigin=anonymous';

/** The server's render of /checkout (checkout-page.ts), or null for the shell. */
export interface GuestPage {
  respond(c: Context): Promise<Response | null>;
}

const immutable = 'public, max-age=31536000, immutable';

/**
 * Files at fixed names that say which version of the app a device runs: the service worker (a browser looks
 * for a new one at each load) and the web app manifest. Revalidated every time, never kept stale.
 */
const alwaysRevalidated = new Set(['/sw.js', '/manifest.webmanifest']);

/**
 * The built web app: hashed assets cached for a year (their names change with their content), the
 * pre-compressed .br/.gz files the build wrote, and index.html for every client route, never cached stale.
 *
 * Cache-Control is set on the finished response rather than in serveStatic's onFound, which runs after the
 * response was made: there it only reaches the response by chance (@hono/node-server's own Response class
 * shares the headers object; a standard Response does not).
 */
export function mountWebApp(app: Hono, webRoot: string, guestPage?: (indexFile: string) => GuestPage) {
  const indexFile = path.join(webRoot, 'index.html');
  const checkoutPage = guestPage?.(indexFile);
  const root = path.relative(process.cwd(), webRoot) || '.';
  const files = serveStatic({ root, precompressed: true });

  const appShell = async (c: Context) => {
    // The guest's page as the server renders it (checkout-page.ts); the shell when it cannot be made.
    let pageMissing = false;
    if (checkoutPage && c.req.path === '/checkout') {
      const page = await checkoutPage.respond(c);
      if (page) return page;
      pageMissing = true;
    }
    // Client routes (/checkout, /admin, unknown paths that show the error page) all get the app shell.
    const html = await fs.promises.readFile(indexFile, 'utf8');
    // The shell in place of the guest's rendered page (too many fresh renders, or none could be made) is
    // stored by no one, the kept answers included (kept-answers.ts): the next request may get the page.
    c.header('Cache-Control', pageMissing ? 'no-store' : 'no-cache');
    if (drinksFirstPaths.has(c.req.path)) c.header('Link', drinksPreloadLink);
    return c.html(html);
  };

  app.use('/assets/*', async (c, next) => {
    await next();
    if (c.res.status === 200) c.res.headers.set('Cache-Control', immutable);
  });
  app.use('/assets/*', files);
  // A hashed name that is not there (an old page asking for a replaced build) must not get the HTML shell.
  app.get('/assets/*', (c) => sendError(c, new HttpError(404, 'not_found', `No file at ${c.req.path}`)));

  app.get('/', appShell);
  // Before the static files: no file lookup for the guest's page.
  if (checkoutPage) app.get('/checkout', appShell);
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    await next();
    const headers = c.res.headers;
    if (c.res.status !== 200 || headers.has('Cache-Control')) return;
    const html = headers.get('Content-Type')?.startsWith('text/html');
    headers.set(
      'Cache-Control',
      html || alwaysRevalidated.has(c.req.path) ? 'no-cache' : 'public, max-age=3600',
    );
  });
  app.use('*', files);
  app.get('*', appShell);
}
