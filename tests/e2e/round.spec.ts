import { adminEn } from '../../src/shared/i18n/admin-en';
import { localDayOf } from '../../src/shared/local-days';
import { startCloudbedsStandIn } from '../pms/cloudbeds-stand-in';
import { loginAsAdmin } from './admin-helpers';
import { testDrinks, testGuest } from './checkout-helpers';
import { expect } from './fixtures';
import { connectWithProposedMappings, pmsTest, throughThePms } from './pms-helpers';

const test = pmsTest;

test.use({ viewport: { width: 390, height: 844 } });

test('the Round page on a phone: departures first, each bungalow’s state moving live, a tap opens its checkout', async ({
  page,
  server,
  adminApi,
}) => {
  test.slow();
  const pms = await startCloudbedsStandIn();
  try {
    const today = localDayOf(Date.now(), 'Asia/Bangkok');
    const stay = (
      n: number,
      roomID: string,
      guestName: string,
      status: 'checked_in' | 'confirmed',
      from: string,
      to: string,
    ) =>
      pms.reservations.push({
        reservationID: `R-${n}`,
        guestName,
        roomID,
        subReservationID: `R-${n}-1`,
        status,
        startDate: from,
        endDate: to,
      });
    // 13 leaves today, 12 stays, 11 gets a new guest this afternoon.
    stay(13, '501-3', 'Ana Silva', 'checked_in', '2026-01-01', today);
    stay(12, '501-2', 'Ben Okafor', 'checked_in', '2026-01-01', '2099-01-01');
    stay(11, '501-1', 'Chloé Martin', 'confirmed', today, '2099-01-01');
    await adminApi.setDrinks(testDrinks);
    await adminApi.setGuest(testGuest);
    const api = adminApi.request();
    await connectWithProposedMappings(api, { kind: 'cloudbeds', apiUrl: pms.url, apiKey: pms.apiKey });

    await loginAsAdmin(page, server.adminPassword, '/admin/round');
    const departures = page.getByRole('list', { name: adminEn.roundDepartures });
    const inHouse = page.getByRole('list', { name: adminEn.roundInHouse });
    const arrivals = page.getByRole('list', { name: adminEn.roundArrivals });
    const row = (list: typeof departures, bungalow: number) =>
      list.getByRole('link', { name: adminEn.roundOpenCheckout(bungalow) });
    await expect(row(departures, 13)).toContainText('Ana Silva');
    await expect(row(departures, 13)).toContainText(adminEn.roundState_to_check);
    await expect(row(inHouse, 12)).toContainText('Ben Okafor');
    await expect(row(arrivals, 11)).toContainText('Chloé Martin');
    // Departures come first on the page.
    const top = async (list: typeof departures) => (await list.boundingBox())?.y ?? 0;
    expect(await top(departures)).toBeLessThan(await top(inHouse));
    expect(await top(inHouse)).toBeLessThan(await top(arrivals));

    // The check of 13, made elsewhere: the round moves by itself, to posted on the bill with its amount.
    const coke = (await adminApi.drinks()).find((d) => d.drinkName === 'Coke');
    const recorded = await api.post('/api/checkouts', {
      data: { bungalow: 13, items: [{ drinkId: coke?.id, missing: 1 }] },
    });
    expect(recorded.status()).toBe(201);
    await expect(row(departures, 13)).toContainText(adminEn.roundState_posted, throughThePms);
    await expect(row(departures, 13)).toContainText('40');
    await page.screenshot({ path: test.info().outputPath('round-phone.png'), fullPage: true });

    await row(departures, 13).click();
    await expect(page).toHaveURL(/\/checkout\?bungalow=13$/);

    // Nobody typed a guest: the round brought Cloudbeds' in-house guests in as stays, the PMS's to change.
    await page.goto('/admin/bungalows');
    const twelve = page.getByRole('listitem', { name: adminEn.bungalow(12) });
    await expect(twelve).toContainText('Ben Okafor');
    await expect(twelve).toContainText(adminEn.stayFromPms('Cloudbeds', 'R-12'));
    await expect(twelve.getByRole('button', { name: adminEn.checkOutGuest('Ben Okafor') })).toHaveCount(0);
    await twelve.getByRole('button', { name: adminEn.editStay(12) }).click();
    await expect(twelve.getByLabel(adminEn.stayGuestName)).toHaveJSProperty('readOnly', true);
    await expect(twelve.getByLabel(adminEn.stayGuestEmail)).toHaveJSProperty('readOnly', false);
    expect(pms.problems).toEqual([]);
  } finally {
    await pms.close();
  }
});

test.describe('on a 1280x800 desk', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('the Integrations page leads with the PMS, above the fold; the live strip shows each departure’s state', async ({
    page,
    server,
    adminApi,
  }) => {
    test.slow();
    const pms = await startCloudbedsStandIn();
    try {
      const today = localDayOf(Date.now(), 'Asia/Bangkok');
      pms.reservations.push({
        reservationID: 'R-13',
        guestName: 'Ana Silva',
        roomID: '501-3',
        subReservationID: 'R-13-1',
        status: 'checked_in',
        startDate: '2026-01-01',
        endDate: today,
      });
      const api = adminApi.request();
      await connectWithProposedMappings(api, { kind: 'cloudbeds', apiUrl: pms.url, apiKey: pms.apiKey });

      await loginAsAdmin(page, server.adminPassword, '/admin/integrations');
      const pmsHeading = page.getByRole('heading', { name: adminEn.pmsSection, exact: true });
      const webhooksHeading = page.getByRole('heading', { name: adminEn.pageIntegrations, exact: true });
      await expect(pmsHeading).toBeInViewport();
      const y = async (heading: typeof pmsHeading) => (await heading.boundingBox())?.y ?? 0;
      expect(await y(pmsHeading)).toBeLessThan(await y(webhooksHeading));
      // The PMS's form itself starts on the first screen, not below a gap.
      await expect(
        page.getByRole('form', { name: adminEn.pmsSection }).getByLabel(adminEn.pmsKind),
      ).toBeInViewport();

      const strip = page.getByRole('region', { name: adminEn.roundDepartures });
      await expect(strip).toContainText(adminEn.roundBungalow(13));
      await expect(strip).toContainText(adminEn.roundState_to_check);
      await page.screenshot({ path: test.info().outputPath('integrations-desk.png') });
      expect(pms.problems).toEqual([]);
    } finally {
      await pms.close();
    }
  });
});
