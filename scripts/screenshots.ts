/**
 * The README's pictures, made from the real app (npm run screenshots: build, then this): the built server on a
 * fresh SQLite file, a resort's morning entered through the API, then Debian's Chromium driven by Playwright:
 * the checkout on a phone (docs/images/checkout-phone.png) and the workspace on a desk (docs/images/workspace.png).
 */
import fs from 'node:fs';
import path from 'node:path';
import { devices } from '@playwright/test';
import { launchChromium, outDir, printImageSizes, signInOnPage, withThaiFont } from './screenshot-browser';
import { startScreenshotServer } from './screenshot-server';

const { server, api, signIn } = await startScreenshotServer();
const browser = await launchChromium();

try {
  // A resort's morning: its name, guests in some bungalows, a few checkouts, one paid.
  const cookie = await signIn();
  await api('PUT', '/api/settings', { resortName: 'Baan Talay Resort' }, cookie);
  await api('PUT', '/api/guest', { name: 'Front desk', email: 'desk@baantalay.example' }, cookie);
  const guests = { 3: 'Ana Silva', 7: 'Jonas Weber', 12: 'Mia Keller', 15: 'Somchai P.', 21: 'Li Wei' };
  for (const [bungalow, guestName] of Object.entries(guests)) {
    await api('PUT', `/api/bungalows/${bungalow}/stay`, { guestName }, cookie);
  }
  const drinks: { id: number; drinkName: string }[] = await api('GET', '/api/drinks');
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
  for (const checkout of checkouts) recorded.push(await api('POST', '/api/checkouts', checkout));
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
  await signInOnPage(workspace, server.adminPassword);
  await workspace.getByRole('link', { name: "Today's checkouts" }).waitFor();
  await workspace
    .getByText('Loading')
    .first()
    .waitFor({ state: 'detached' })
    .catch(() => {});
  await withThaiFont(workspace);
  await workspace.screenshot({ path: path.join(outDir, 'workspace.png') });
  await desk.close();

  printImageSizes(['checkout-phone.png', 'workspace.png']);
} finally {
  await browser.close();
  await server.stop();
}
