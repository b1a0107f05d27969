import { type Browser, chromium, expect, test } from '@playwright/test';
import config, { chromiumPath } from '../../playwright.config';
import { en } from '../../src/shared/i18n/en';
import { type Caddy, startCaddy } from '../support/caddy';
import { freePort, type ServerProcess, startServer } from '../support/server-process';
import { addMissing, callFromPage, controlledByServiceWorker, toastWith } from './checkout-helpers';

/**
 * DESIGN.md, "Installed like a product": HTTPS, tested. Debian's Caddy with `tls internal` in front of the real
 * server (TRUST_PROXY=1, PUBLIC_URL), and Chromium over https:// with a name that is not localhost (the resort's
 * own network name, mapped to this machine by Chromium's resolver). Chromium registers a service worker only
 * over a certificate it trusts (a page whose errors are merely ignored gets none), so it is told to accept
 * Caddy's certificate by its public key (docs/decisions/147-https-test-trusts-caddy-by-key.md).
 */
const host = 'fridge.resort.test';

let server: ServerProcess;
let caddy: Caddy;
let browser: Browser;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  const port = await freePort();
  server = await startServer({
    env: { TRUST_PROXY: '1', PUBLIC_URL: `https://${host}:${port}` },
  });
  caddy = await startCaddy({ host, port, upstream: `127.0.0.1:${server.port}` });
  const machineArgs = config.use?.launchOptions?.args ?? [];
  browser = await chromium.launch({
    executablePath: chromiumPath,
    args: [
      ...machineArgs,
      `--host-resolver-rules=MAP ${host} 127.0.0.1`,
      `--ignore-certificate-errors-spki-list=${caddy.leafSpkiHash}`,
    ],
  });
});

test.afterAll(async () => {
  await browser?.close();
  await caddy?.stop();
  await server?.stop();
});

test('behind Caddy: a __Host- Secure session, HSTS, the service worker, and a checkout made offline', async () => {
  test.setTimeout(90_000);
  const context = await browser.newContext({ baseURL: caddy.origin });
  const page = await context.newPage();
  // No share sheet in this browser: Share Receipt records the check and makes the PDF.
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share');
    Reflect.deleteProperty(Navigator.prototype, 'canShare');
  });

  const first = await page.goto('/checkout?bungalow=3');
  expect(first?.url()).toBe(`${caddy.origin}/checkout?bungalow=3`);
  expect(first?.headers()['strict-transport-security']).toMatch(/max-age=31536000/);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);

  // The owner signs in over HTTPS: the cookie is the __Host- one, Secure, HttpOnly, SameSite=Strict.
  const signIn = await callFromPage(page, 'POST', '/api/session', { password: server.adminPassword });
  expect(signIn.status, signIn.text).toBe(204);
  const cookies = await context.cookies(caddy.origin);
  const session = cookies.find((cookie) => cookie.name.startsWith('__Host-'));
  expect(session, JSON.stringify(cookies)).toMatchObject({
    secure: true,
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    domain: host,
  });
  expect(cookies.filter((cookie) => !cookie.secure && cookie.httpOnly)).toEqual([]);
  const guest = await callFromPage(page, 'PUT', '/api/guest', {
    name: 'Ana Silva',
    email: 'ana@example.com',
  });
  expect(guest.status, guest.text).toBe(200);

  // The service worker installs and takes the page. Active before the reload: a worker that activated while the
  // page was between documents would claim the one unloading and leave the new one uncontrolled: the likely
  // cause of the two times this test waited out its 30 s for the worker (a CI run, and a full run here).
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect(page.getByRole('button', { name: 'Add one Coke' })).toBeVisible();
  await controlledByServiceWorker(page);

  // Offline at the bungalow: the page comes from the service worker, the check waits on the device.
  await context.setOffline(true);
  await page.goto('/checkout?bungalow=21');
  await expect(page.getByRole('heading', { level: 2 })).toContainText('Bungalow 21');
  await addMissing(page, 'Coke', 2);
  await addMissing(page, 'Chang', 1);
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  await expect(toastWith(page, en.queuedToast)).toBeVisible();

  // Back online it is sent, once, through Caddy.
  await context.setOffline(false);
  const outbox = page.getByRole('status').filter({ hasText: /waiting to send|All checks sent/ });
  await expect(outbox).toContainText(en.allSent, { timeout: 20_000 });
  const history = await callFromPage(page, 'GET', '/api/checkouts');
  expect(history.status).toBe(200);
  expect(JSON.parse(history.text)).toMatchObject([{ bungalow: 21, total: 160, guestName: 'Ana Silva' }]);
  expect(caddy.output()).not.toMatch(/"level":"error"/);
  await context.close();
});
