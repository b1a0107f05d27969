/**
 * The README's pictures, made from the real app (npm run screenshots: build, then this): the built server on a
 * fresh SQLite file, a resort's morning entered through the API, then Debian's Chromium driven by Playwright:
 * the checkout on a phone (docs/images/checkout-phone.png) and the workspace on a desk (docs/images/workspace.png).
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium, devices, type Page } from '@playwright/test';
import { chromiumPath } from '../playwright.config';
import { texts } from '../src/shared/constants';
import { startServer } from '../tests/support/server-process';

const outDir = path.resolve('docs/images');
const server = await startServer({ env: { LOG_LEVEL: 'warn' } });

async function api(method: string, route: string, body?: unknown, cookie?: string) {
  const response = await fetch(`${server.baseURL}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      origin: server.baseURL,
      ...(cookie ? { cookie } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
  return { response, json: response.status === 204 ? undefined : await response.json() };
}

/**
 * The language switch says ไทย: a machine without a Thai system font draws boxes. Sarabun (the Thai receipt's
 * font, a devDependency) is added for Thai letters only, in front of the page's own fonts.
 */
async function withThaiFont(page: Page) {
  const sarabun = fs.readFileSync(
    path.resolve('node_modules/@expo-google-fonts/sarabun/500Medium/Sarabun_500Medium.ttf'),
  );
  const family = await page.evaluate(() => getComputedStyle(document.documentElement).fontFamily);
  await page.addStyleTag({
    content: `@font-face { font-family: 'Screenshot Thai'; unicode-range: U+0E00-0E7F;
      src: url(data:font/ttf;base64,${sarabun.toString('base64')}) format('truetype'); }
      html { font-family: 'Screenshot Thai', ${family}; }`,
  });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});

try {
  // A resort's morning: its name, guests in some bungalows, a few checkouts, one paid.
  const { response: login } = await api('POST', '/api/session', { password: server.adminPassword });
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  await api('PUT', '/api/settings', { resortName: 'Baan Talay Resort' }, cookie);
  await api('PUT', '/api/guest', { name: 'Front desk', email: 'desk@baantalay.example' }, cookie);
  const guests = { 3: 'Ana Silva', 7: 'Jonas Weber', 12: 'Mia Keller', 15: 'Somchai P.', 21: 'Li Wei' };
  for (const [bungalow, guestName] of Object.entries(guests)) {
    await api('PUT', `/api/bungalows/${bungalow}/stay`, { guestName }, cookie);
  }
  const { json: drinks } = (await api('GET', '/api/drinks')) as { json: { id: number; drinkName: string }[] };
  const id = (name: string) => {
    const drink = drinks.find((d) => d.drinkName === name);
    if (!drink) throw new Error(`no ${name} in the seeded catalogue`);
    return drink.id;
  };
  const checkouts = [
    {
      bungalow: 3,
      items: [
        { drinkId: id('Chang'), missing: 2 },
        { drinkId: id('Coke'), missing: 1 },
      ],
    },
    { bungalow: 7, items: [{ drinkId: id('Wine'), missing: 1 }] },
    {
      bungalow: 15,
      items: [
        { drinkId: id('LEO'), missing: 3 },
        { drinkId: id('Fanta'), missing: 2 },
      ],
    },
    {
      bungalow: 21,
      items: [
        { drinkId: id('Carabao'), missing: 1 },
        { drinkId: id('Schweppes'), missing: 1 },
      ],
    },
  ];
  const recorded: { id: number }[] = [];
  for (const checkout of checkouts) recorded.push((await api('POST', '/api/checkouts', checkout)).json);
  await api('POST', `/api/checkouts/${recorded[0]?.id}/payment`, { method: 'cash' }, cookie);
  await api('POST', `/api/checkouts/${recorded[1]?.id}/payment`, { method: 'promptpay' }, cookie);

  fs.mkdirSync(outDir, { recursive: true });

  // The checkout of bungalow 12 on a phone, three drinks counted.
  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    deviceScaleFactor: 2,
    locale: 'en-US',
    timezoneId: 'Asia/Bangkok',
    serviceWorkers: 'block',
  });
  const checkout = await phone.newPage();
  await checkout.goto(`${server.baseURL}/checkout?bungalow=12`);
  for (const [name, times] of [
    ['Chang', 2],
    ['Coke', 1],
  ] as const) {
    const plus = checkout.getByRole('button', { name: `Add one ${name}` });
    for (let i = 0; i < times; i++) await plus.click();
  }
  await checkout.getByRole('status', { name: 'Chang missing' }).filter({ hasText: '2' }).waitFor();
  await checkout.evaluate(() => document.fonts.ready.then(() => undefined));
  await checkout.screenshot({ path: path.join(outDir, 'checkout-phone.png') });
  await phone.close();

  // The workspace's overview on a desk, signed in through the 'Admin Access' modal.
  const desk = await browser.newContext({
    viewport: { width: 1280, height: 880 },
    deviceScaleFactor: 1,
    locale: 'en-US',
    timezoneId: 'Asia/Bangkok',
    serviceWorkers: 'block',
    // For the Thai font below: the app's CSP allows no inline style.
    bypassCSP: true,
  });
  const workspace = await desk.newPage();
  await workspace.goto(`${server.baseURL}/admin/overview`);
  const modal = workspace.getByRole('dialog', { name: texts.adminAccess });
  await modal.getByPlaceholder(texts.passwordPlaceholder).fill(server.adminPassword);
  await modal.getByRole('button', { name: 'Login' }).click();
  await modal.waitFor({ state: 'hidden', timeout: 30_000 });
  await workspace.getByRole('link', { name: "Today's checkouts" }).waitFor();
  await workspace
    .getByText('Loading')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await withThaiFont(workspace);
  await workspace.screenshot({ path: path.join(outDir, 'workspace.png') });
  await desk.close();

  for (const name of ['checkout-phone.png', 'workspace.png']) {
    const bytes = fs.statSync(path.join(outDir, name)).size;
    process.stdout.write(`docs/images/${name}: ${(bytes / 1024).toFixed(0)} KiB\n`);
  }
} finally {
  await browser.close();
  await server.stop();
}
