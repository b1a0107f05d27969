/**
 * The departure round's pictures (docs/pms.md, the owner's guide), made from the real app as
 * scripts/screenshots.ts makes the README's: the built server on a fresh SQLite file connected to the stand-in
 * Cloudbeds (tests/pms/cloudbeds-stand-in.ts, which checks every request against the pinned document), a
 * morning entered through the PMS and the API, then Debian's Chromium on a phone:
 * - docs/images/round-phone.png: the Round page, departures (posted, settle at the desk, to check), in house,
 *   arrivals (one restocked to par);
 * - docs/images/round-stays-phone.png: the Bungalows page, a stay the PMS brought in, its name and day the PMS's.
 * Run after `npm run build`: `tsx scripts/round-screenshots.ts` (part of `npm run screenshots`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { devices } from '@playwright/test';
import { adminEn } from '../src/shared/i18n/admin-en';
import { localDayOf } from '../src/shared/local-days';
import { startCloudbedsStandIn } from '../tests/pms/cloudbeds-stand-in';
import { launchChromium, outDir, printImageSizes, signInOnPage, withThaiFont } from './screenshot-browser';
import { startScreenshotServer } from './screenshot-server';

const pms = await startCloudbedsStandIn();
const { server, api, signIn } = await startScreenshotServer({ WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' });

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const value = await read();
    if (done(value)) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`Waited 30 s for ${what}`);
}

const browser = await launchChromium();

try {
  // The resort's rooms in Cloudbeds, and its morning: three leaving, two staying, two coming.
  const today = localDayOf(Date.now(), 'Asia/Bangkok');
  pms.rooms.splice(
    0,
    pms.rooms.length,
    ...[3, 5, 7, 9, 12, 18, 21].map((n) => ({ roomID: `501-${n}`, roomName: `Bungalow ${n}` })),
  );
  const reserve = (
    bungalow: number,
    guestName: string,
    status: 'checked_in' | 'confirmed' | 'checked_out',
    from: string,
    to: string,
  ) =>
    pms.reservations.push({
      reservationID: `R-${bungalow}`,
      guestName,
      roomID: `501-${bungalow}`,
      subReservationID: `R-${bungalow}-1`,
      status,
      startDate: from,
      endDate: to,
    });
  reserve(3, 'Ana Silva', 'checked_in', '2026-11-28', today);
  reserve(7, 'Jonas Weber', 'checked_out', '2026-11-27', today);
  reserve(9, 'Noor Rahman', 'checked_in', '2026-11-29', today);
  reserve(12, 'Mia Keller', 'checked_in', '2026-11-30', '2026-12-06');
  reserve(21, 'Li Wei', 'checked_in', '2026-11-26', '2026-12-04');
  reserve(5, 'Tom Baker', 'confirmed', today, '2026-12-09');
  reserve(18, 'Sara Rossi', 'confirmed', today, '2026-12-05');

  const cookie = await signIn();
  await api('PUT', '/api/settings', { resortName: 'Baan Talay Resort' }, cookie);
  await api('PUT', '/api/guest', { name: 'Front desk', email: 'desk@baantalay.example' }, cookie);
  await api(
    'PUT',
    '/api/pms',
    { kind: 'cloudbeds', apiUrl: pms.url, propertyId: '501', apiKey: pms.apiKey },
    cookie,
  );
  const proposal = await api('POST', '/api/pms/mappings/propose', {}, cookie);
  await api('PUT', '/api/pms/mappings', { rooms: proposal.rooms, items: proposal.items }, cookie);
  // The round's first read brings the guests in as stays.
  await api('GET', '/api/round', undefined, cookie);

  const drinks: { id: number; drinkName: string }[] = await api('GET', '/api/drinks');
  const id = (name: string) => drinks.find((d) => d.drinkName === name)?.id;
  const posting = (checkoutId: number, state: string) =>
    until(
      async () => {
        const { postings } = await api('GET', '/api/pms/postings', undefined, cookie);
        return (postings as { checkoutId: number; state: string }[]).find((p) => p.checkoutId === checkoutId);
      },
      (p) => p?.state === state,
      `checkout ${checkoutId} ${state}`,
    );
  // 3: checked at 8, on Ana's bill.
  const ana = await api('POST', '/api/checkouts', {
    bungalow: 3,
    items: [
      { drinkId: id('Chang'), missing: 2 },
      { drinkId: id('Coke'), missing: 1 },
    ],
  });
  await posting(ana.id, 'posted');
  // 7: Jonas checked out in Cloudbeds before his fridge was checked, and his folio is closed.
  pms.refuseNext = 'This reservation has been checked out and its folio is closed';
  const jonas = await api('POST', '/api/checkouts', {
    bungalow: 7,
    items: [{ drinkId: id('Wine'), missing: 1 }],
  });
  await posting(jonas.id, 'failed');
  // 5: Tom's fridge to par before he comes.
  await api('POST', '/api/restock/5', {}, cookie);
  if (pms.problems.length > 0) throw new Error(`The stand-in found: ${pms.problems.join('; ')}`);

  fs.mkdirSync(outDir, { recursive: true });
  const phone = await browser.newContext({
    ...devices['Pixel 7'],
    // Tall enough for the whole morning above the phone's bar.
    viewport: { width: 412, height: 1720 },
    deviceScaleFactor: 2,
    locale: 'en-US',
    timezoneId: 'Asia/Bangkok',
    serviceWorkers: 'block',
    bypassCSP: true,
  });
  const page = await phone.newPage();
  await page.goto(`${server.baseURL}/admin/round`);
  await signInOnPage(page, server.adminPassword);
  const departures = page.getByRole('list', { name: adminEn.roundDepartures });
  await departures.getByRole('link', { name: adminEn.roundOpenCheckout(7) }).waitFor();
  await page.getByRole('list', { name: adminEn.roundArrivals }).getByText('Sara Rossi').waitFor();
  await withThaiFont(page);
  await page.screenshot({ path: path.join(outDir, 'round-phone.png') });

  await page.setViewportSize({ width: 412, height: 915 });
  await page.goto(`${server.baseURL}/admin/bungalows`);
  const twelve = page.getByRole('listitem', { name: adminEn.bungalow(12) });
  await twelve.getByRole('button', { name: adminEn.editStay(12) }).click();
  await twelve.getByText(adminEn.stayFromPmsHint('Cloudbeds')).waitFor();
  // Bungalow 12 at the top, below the sticky header.
  await twelve.evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.evaluate(() => window.scrollBy(0, -110));
  await withThaiFont(page);
  await page.screenshot({ path: path.join(outDir, 'round-stays-phone.png') });
  await phone.close();

  printImageSizes(['round-phone.png', 'round-stays-phone.png']);
  process.stdout.write(`Cloudbeds received:\n${pms.requests.map((r) => `  ${r}`).join('\n')}\n`);
} finally {
  await browser.close();
  await server.stop();
  await pms.close();
}
