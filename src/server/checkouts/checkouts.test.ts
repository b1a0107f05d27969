import { expect, it } from 'vitest';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { Drink } from '../../shared/api-types';

async function withGuest(t: TestApp) {
  const cookie = await t.login();
  await t.request('PUT', '/api/guest', { cookie, body: { name: 'Anna Schmidt', email: 'anna@example.com' } });
  const drinks: Drink[] = await (await t.request('GET', '/api/drinks')).json();
  const byName = (name: string) => {
    const drink = drinks.find((d) => d.drinkName === name);
    if (!drink) throw new Error(`no ${name}`);
    return drink;
  };
  return { cookie, byName };
}

describeEachDatabase('checkouts API', ({ fresh }) => {
  it('POST /api/checkouts stores lines and the total computed by the server', async () => {
    const t = await fresh();
    const { byName, cookie } = await withGuest(t);
    const coke = byName('Coke');
    const chang = byName('Chang');
    const response = await t.request('POST', '/api/checkouts', {
      body: {
        bungalow: 7,
        items: [
          { drinkId: coke.id, missing: 2 },
          { drinkId: chang.id, missing: 1 },
          { drinkId: byName('Wine').id, missing: 0 },
        ],
      },
    });
    expect(response.status).toBe(201);
    const checkout = await response.json();
    expect(checkout).toMatchObject({
      bungalow: 7,
      guestName: 'Anna Schmidt',
      total: 2 * coke.price + chang.price,
      lines: [
        {
          drinkId: coke.id,
          drinkName: 'Coke',
          quantity: 2,
          unitPrice: coke.price,
          lineTotal: 2 * coke.price,
        },
        {
          drinkId: chang.id,
          drinkName: 'Chang',
          quantity: 1,
          unitPrice: chang.price,
          lineTotal: chang.price,
        },
      ],
    });
    expect(Number.isNaN(Date.parse(checkout.createdAt))).toBe(false);

    const history = await (await t.request('GET', '/api/checkouts', { cookie })).json();
    // The history adds what staff see (voids, the stay, the check and its revisions, the payment) to what POST returned.
    expect(history[0]).toEqual({
      ...checkout,
      voidedAt: null,
      voidReason: null,
      stayId: null,
      revisions: [],
      payment: null,
      paymentTracked: true,
      paymentEvents: [],
      // Sent without a session: a guest's checkout.
      recordedBy: { id: null, name: 'guest', role: 'guest', device: null },
      // An anonymous check with no sticker key (abuse resistance).
      unverified: true,
      voidedBy: null,
      voidApprovedBy: null,
    });
  });

  it('POST /api/checkouts keeps the price of the day when the drink changes later', async () => {
    const t = await fresh();
    const { byName, cookie } = await withGuest(t);
    const coke = byName('Coke');
    await t.request('POST', '/api/checkouts', {
      body: { bungalow: 1, items: [{ drinkId: coke.id, missing: 1 }] },
    });
    await t.request('PUT', `/api/drinks/${coke.id}`, {
      cookie,
      body: { drinkName: 'Coke', startingQuantity: coke.startingQuantity, price: coke.price + 100 },
    });
    await t.request('DELETE', `/api/drinks/${coke.id}`, { cookie });
    const [stored] = await (await t.request('GET', '/api/checkouts', { cookie })).json();
    expect(stored.lines[0]).toMatchObject({ drinkName: 'Coke', unitPrice: coke.price });
    expect(stored.total).toBe(coke.price);
  });

  it('POST /api/checkouts rejects a cart with nothing missing', async () => {
    const t = await fresh();
    const { byName } = await withGuest(t);
    for (const items of [[], [{ drinkId: byName('Coke').id, missing: 0 }]]) {
      const response = await t.request('POST', '/api/checkouts', { body: { bungalow: 1, items } });
      expect(response.status).toBe(422);
      expect((await response.json()).error.message).toBe('No items selected');
    }
  });

  it('POST /api/checkouts answers 409 when no guest exists', async () => {
    const t = await fresh();
    const drinks: Drink[] = await (await t.request('GET', '/api/drinks')).json();
    const response = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 1, items: [{ drinkId: drinks[0]?.id, missing: 1 }] },
    });
    expect(response.status).toBe(409);
    expect((await response.json()).error).toEqual({
      code: 'conflict',
      message: 'Guest information not found',
    });
  });

  it('POST /api/checkouts rejects more missing than the starting quantity, unknown drinks and bad input', async () => {
    const t = await fresh();
    const { byName, cookie } = await withGuest(t);
    const coke = byName('Coke');
    const cases = [
      { bungalow: 1, items: [{ drinkId: coke.id, missing: coke.startingQuantity + 1 }] },
      { bungalow: 1, items: [{ drinkId: 999_999, missing: 1 }] },
      { bungalow: 0, items: [{ drinkId: coke.id, missing: 1 }] },
      { bungalow: 10_000, items: [{ drinkId: coke.id, missing: 1 }] },
      { bungalow: 1, items: [{ drinkId: coke.id, missing: -1 }] },
      { bungalow: 1, items: [{ drinkId: coke.id, missing: 1.5 }] },
      { bungalow: 1, items: [{ drinkId: coke.id, missing: 1, price: 1 }] },
      { bungalow: 1, items: [{ drinkId: coke.id, missing: 1 }], total: 1 },
      {
        bungalow: 1,
        items: [
          { drinkId: coke.id, missing: 1 },
          { drinkId: coke.id, missing: 1 },
        ],
      },
    ];
    for (const body of cases) {
      const response = await t.request('POST', '/api/checkouts', { body });
      expect(response.status, JSON.stringify(body)).toBe(422);
      const { error } = await response.json();
      expect(error.code).toBe('validation_failed');
      expect(error.issues.length).toBeGreaterThan(0);
    }
    expect(await (await t.request('GET', '/api/checkouts', { cookie })).json()).toEqual([]);
  });

  it('GET /api/checkouts needs an admin session and lists newest first', async () => {
    const t = await fresh();
    const { byName, cookie } = await withGuest(t);
    expect((await t.request('GET', '/api/checkouts')).status).toBe(401);
    for (const bungalow of [1, 2, 3]) {
      await t.request('POST', '/api/checkouts', {
        body: { bungalow, items: [{ drinkId: byName('LEO').id, missing: 1 }] },
      });
    }
    const list = await (await t.request('GET', '/api/checkouts', { cookie })).json();
    expect(list.map((c: { bungalow: number }) => c.bungalow)).toEqual([3, 2, 1]);
  });
});
