import type { Page } from '@playwright/test';
import { adminEn } from '../../src/shared/i18n/admin-en';
import { startCloudbedsStandIn } from '../pms/cloudbeds-stand-in';
import { startMewsStandIn } from '../pms/mews-stand-in';
import { loginAsAdmin } from './admin-helpers';
import { addMissing, testDrinks, testGuest } from './checkout-helpers';
import { type AdminApi, expect } from './fixtures';
import { connectWithProposedMappings, pmsTest, throughThePms } from './pms-helpers';

const test = pmsTest;

/**
 * What both tests arrange through the API: the drinks and the guest, the connection (`connect`, PUT /api/pms's
 * body), and the mappings the server proposes from the PMS's rooms, saved as proposed. Answers the signed-in
 * request context.
 */
async function arrangeConnected(adminApi: AdminApi, connect: Record<string, unknown>) {
  await adminApi.setDrinks(testDrinks);
  await adminApi.setGuest(testGuest);
  const api = adminApi.request();
  await connectWithProposedMappings(api, connect);
  return api;
}

/** The guest of bungalow 12 checks out a Coke and a Wine in the browser: the checkout's number. */
async function checkoutInTheBrowser(page: Page): Promise<number> {
  await page.goto('/checkout?bungalow=12');
  await addMissing(page, 'Coke', 1);
  await addMissing(page, 'Wine', 1);
  await page.getByRole('button', { name: 'Share Receipt' }).click();
  const recorded = await page.getByText(/^Recorded as #\d+$/).textContent();
  return Number(recorded?.replace(/\D/g, ''));
}

test('a checkout in the browser reaches the stand-in folio; a refused post shows on the live desk and is posted again from there', async ({
  page,
  server,
  adminApi,
}) => {
  test.slow();
  const pms = await startCloudbedsStandIn();
  try {
    pms.reservations.push({
      reservationID: 'R-12',
      guestName: 'Ana Silva',
      roomID: '501-2',
      subReservationID: 'R-12-1',
      status: 'checked_in',
    });
    const api = await arrangeConnected(adminApi, {
      kind: 'cloudbeds',
      apiUrl: pms.url,
      apiKey: pms.apiKey,
    });

    const first = await checkoutInTheBrowser(page);
    await expect
      .poll(() => pms.folio.filter((f) => f.referenceID === `FC-${first}`).length, throughThePms)
      .toBe(1);
    expect(pms.folio[0]?.items).toEqual([
      expect.objectContaining({ itemName: 'Coke', itemQuantity: 1, itemPrice: 40 }),
      expect.objectContaining({ itemName: 'Wine', itemQuantity: 1, itemPrice: 450 }),
    ]);

    // The PMS refuses the next one: the desk sees it with the PMS's reason, and posts it again.
    pms.refuseNext = 'Folio is locked for night audit';
    await loginAsAdmin(page, server.adminPassword);
    const response = await api.post('/api/checkouts', {
      data: { bungalow: 12, items: [{ drinkId: (await adminApi.drinks())[1]?.id, missing: 2 }] },
    });
    const second = (await response.json()).id as number;
    const notPosted = page.getByRole('region', { name: adminEn.pmsNotPosted });
    await expect(notPosted).toContainText('Cloudbeds: Folio is locked for night audit', throughThePms);
    await expect(notPosted).toContainText(adminEn.pmsNotPostedLine(12, second));
    await notPosted.getByRole('button', { name: adminEn.pmsPostAgainOf(second) }).click();
    await expect(notPosted).toBeHidden(throughThePms);
    expect(pms.folio.filter((f) => f.referenceID === `FC-${second}`)).toHaveLength(1);
    expect(pms.problems).toEqual([]);
  } finally {
    await pms.close();
  }
});

test('Mews: a checkout in the browser is one order on the guest’s account; the Integrations page shows Mews’ fields, its tokens only as set', async ({
  page,
  server,
  adminApi,
}) => {
  test.slow();
  const mews = await startMewsStandIn();
  try {
    const room12 = mews.resources[1]?.Id ?? '';
    mews.reservations.push({
      Id: 'res-12',
      AccountId: 'acc-ana',
      AssignedResourceId: room12,
      State: 'Started',
    });
    await arrangeConnected(adminApi, {
      kind: 'mews',
      apiUrl: mews.url,
      serviceId: mews.serviceId,
      taxCode: mews.taxCode,
      clientToken: mews.clientToken,
      accessToken: mews.accessToken,
    });

    const id = await checkoutInTheBrowser(page);
    await expect.poll(() => mews.orders.length, throughThePms).toBe(1);
    expect(mews.orders[0]).toMatchObject({
      AccountId: 'acc-ana',
      ServiceId: mews.serviceId,
      LinkedReservationId: 'res-12',
    });
    expect(mews.items.map((i) => [i.Name, i.UnitCount, i.UnitAmount, i.ExternalIdentifier])).toEqual([
      ['Coke', 1, { Currency: 'THB', GrossValue: 40, TaxCodes: ['TH-S'] }, `FC-${id}/1/COKE`],
      ['Wine', 1, { Currency: 'THB', GrossValue: 450, TaxCodes: ['TH-S'] }, `FC-${id}/2/WINE`],
    ]);

    await loginAsAdmin(page, server.adminPassword, '/admin/integrations');
    const form = page.getByRole('form', { name: adminEn.pmsSection });
    await expect(form.getByLabel(adminEn.pmsKind)).toHaveValue('mews');
    await expect(form.getByLabel(adminEn.pmsServiceId)).toHaveValue(mews.serviceId);
    await expect(form.getByLabel(adminEn.pmsClientToken)).toHaveValue('');
    await expect(form.getByText(adminEn.pmsSecretSet)).toHaveCount(2);
    expect(await page.content()).not.toContain(mews.accessToken);
    expect(mews.problems).toEqual([]);
  } finally {
    await mews.close();
  }
});
