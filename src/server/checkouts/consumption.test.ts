import { expect, it } from 'vitest';
import { checkoutAt, loginAt, setGuest } from '../../../tests/support/checkout-factory';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { Consumption } from '../../shared/staff-types';

async function consumption(t: TestApp, cookie: string, query: string): Promise<Consumption> {
  const response = await t.request('GET', `/api/consumption${query}`, { cookie });
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

const NOW = '2026-05-20T15:00:00.000Z';

async function someDays(t: TestApp) {
  t.clock.now = Date.parse('2026-04-01T00:00:00.000Z');
  await setGuest(t, await t.login());
  // Days are the resort's (Asia/Bangkok, UTC+7, by default): the instants are written in its time.
  return {
    // 31 days before: in neither period.
    old: await checkoutAt(t, '2026-04-19T10:00:00.000+07:00', 1, { Coke: 3 }),
    // In the 30-day period only (the period starts 2026-04-21).
    month: await checkoutAt(t, '2026-04-21T00:00:00.000+07:00', 1, { Coke: 1, Wine: 1 }),
    // First day of the 7-day period.
    week1: await checkoutAt(t, '2026-05-14T00:00:00.000+07:00', 2, { Coke: 2, Chang: 1 }),
    week2: await checkoutAt(t, '2026-05-14T23:00:00.000+07:00', 3, { Chang: 2 }),
    today: await checkoutAt(t, '2026-05-20T14:00:00.000+07:00', 1, { Spy: 1 }),
  };
}

describeEachDatabase('consumption API', ({ fresh }) => {
  it('GET /api/consumption?days=7 gives units and THB per day and per drink, with the total', async () => {
    const t = await fresh();
    await someDays(t);
    const result = await consumption(t, await loginAt(t, NOW), '?days=7');
    expect(result).toMatchObject({ days: 7, from: '2026-05-14', to: '2026-05-20' });
    expect(result.daily).toHaveLength(7);
    expect(result.daily[0]).toEqual({ day: '2026-05-14', units: 5, thb: 2 * 40 + 80 + 2 * 80 });
    expect(result.daily.slice(1, 6).every((d) => d.units === 0 && d.thb === 0)).toBe(true);
    expect(result.daily[6]).toEqual({ day: '2026-05-20', units: 1, thb: 90 });
    expect(result.drinks).toEqual([
      { drinkName: 'Chang', units: 3, thb: 240 },
      { drinkName: 'Coke', units: 2, thb: 80 },
      { drinkName: 'Spy', units: 1, thb: 90 },
    ]);
    expect(result.cells).toContainEqual({ day: '2026-05-14', drinkName: 'Chang', units: 3, thb: 240 });
    expect(result.total).toEqual({ units: 6, thb: 410 });
  });

  it('GET /api/consumption?days=30 reaches back 30 days including today; 7 is the default', async () => {
    const t = await fresh();
    await someDays(t);
    const cookie = await loginAt(t, NOW);
    const month = await consumption(t, cookie, '?days=30');
    expect(month).toMatchObject({ from: '2026-04-21', to: '2026-05-20' });
    expect(month.daily).toHaveLength(30);
    expect(month.total).toEqual({ units: 6 + 2, thb: 410 + 40 + 450 });
    expect((await consumption(t, cookie, '')).days).toBe(7);
  });

  it('a voided checkout stops counting', async () => {
    const t = await fresh();
    const { week2 } = await someDays(t);
    const cookie = await loginAt(t, NOW);
    const response = await t.request('POST', `/api/checkouts/${week2.id}/void`, {
      cookie,
      body: { reason: 'Charged to the wrong bungalow' },
    });
    expect(response.status).toBe(200);
    const result = await consumption(t, cookie, '?days=7');
    expect(result.total).toEqual({ units: 4, thb: 250 });
    expect(result.drinks.find((d) => d.drinkName === 'Chang')).toEqual({
      drinkName: 'Chang',
      units: 1,
      thb: 80,
    });
  });

  it('GET /api/consumption rejects other periods with 422', async () => {
    const t = await fresh();
    const cookie = await t.login();
    for (const query of ['?days=14', '?days=abc', '?days=', '?week=1']) {
      const response = await t.request('GET', `/api/consumption${query}`, { cookie });
      expect(response.status, query).toBe(422);
    }
  });
});
