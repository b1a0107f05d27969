import { once } from 'node:events';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { onTestFinished } from 'vitest';
import type { Config } from '../../src/server/config';
import { drinksKeptRoute } from '../../src/server/drinks/drinks-fast-path';
import { checkoutPageKeptRoute } from '../../src/server/http/checkout-page-kept';
import { createKeptAnswers } from '../../src/server/http/kept-answers';
import { createLogger } from '../../src/server/logger';
import { createScratchDatabase, createTestApp } from './test-app';

/** The built page's shell as the server reads it from its web root: enough for the guest's page around it. */
const shellHtml =
  '<!doctype html><html lang="en"><head><title>Bungalow Fridge Check</title>' +
  '<script type="module" src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';

/**
 * A fresh app on SQLite (where the guest page is kept too) behind a real HTTP server with its kept answers, as
 * main.ts wires it, serving a web root of its own; all of it gone when the test has finished. `maxBytes` is the
 * kept answers' bound (their default otherwise); `config` adds to the test app's.
 */
export async function startKeptServer(options: { maxBytes?: number; config?: Partial<Config> } = {}) {
  const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-kept-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), shellHtml);
  const scratch = await createScratchDatabase('sqlite');
  const t = await createTestApp(scratch, { config: { webRoot, ...options.config } });
  const page = checkoutPageKeptRoute(t.db);
  const kept = createKeptAnswers({
    fetch: t.app.fetch,
    logger: createLogger('silent'),
    trustProxy: false,
    routes: [drinksKeptRoute(t.db), ...(page ? [page] : [])],
    ...(options.maxBytes ? { maxBytes: options.maxBytes } : {}),
  });
  const server = http.createServer(kept.wrap(getRequestListener(t.app.fetch)));
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  onTestFinished(async () => {
    await new Promise((resolve) => server.close(resolve));
    await scratch.drop();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });
  const { port } = server.address() as AddressInfo;
  return {
    t,
    kept,
    host: `127.0.0.1:${port}`,
    url: (at: string) => `http://127.0.0.1:${port}${at}`,
  };
}
