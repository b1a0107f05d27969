import { expect, it } from 'vitest';
import { checkoutAt, loginAt, setGuest } from '../../../tests/support/checkout-factory';
import { parseCsv } from '../../../tests/support/csv-parse';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import type { Consumption, HistoryCheckout } from '../../shared/staff-types';

/** 11:00 UTC: already tomorrow on Kiritimati (UTC+14, 01:00), still yesterday at UTC-12 (23:00). */
const NOW = '2026-05-20T11:00:00.000Z';
const todayIn = { 'Pacific/Kiritimati': '2026-05-21', 'Etc/GMT+12': '2026-05-19' } as const;

async function setZone(t: TestApp, cookie: string, timeZone: string) {
  const response = await t.request('PUT', '/api/settings', { cookie, body: { timeZone } });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function seen(t: TestApp, cookie: string, day: string) {
  const history: HistoryCheckout[] = await (
    await t.request('GET', `/api/checkouts?from=${day}&to=${day}`, { cookie })
  ).json();
  const consumption: Consumption = await (
    await t.request('GET', '/api/consumption?days=7', { cookie })
  ).json();
  const csv = await (
    await t.request('GET', `/api/checkouts/export.csv?from=${day}&to=${day}`, { cookie })
  ).text();
  return {
    history: history.map((c) => c.id),
    consumptionToday: consumption.daily.at(-1),
    consumptionTo: consumption.to,
    csvIds: parseCsv(csv.slice(1))
      .slice(1)
      .map((row) => Number(row[0])),
  };
}

describeEachDatabase("resort-local days (the settings' time zone)", ({ fresh }) => {
  for (const [zone, today] of Object.entries(todayIn)) {
    it(`${zone}: a checkout made now lands on the zone's today in the history, the consumption and the CSV`, async () => {
      const t = await fresh();
      t.clock.now = Date.parse(NOW);
      const cookie = await t.login();
      await setGuest(t, cookie);
      await setZone(t, cookie, zone);
      const made = await checkoutAt(t, NOW, 4, { Coke: 2 });
      const view = await seen(t, cookie, today);
      expect(view.history).toEqual([made.id]);
      expect(view.consumptionTo).toBe(today);
      expect(view.consumptionToday).toEqual({ day: today, units: 2, thb: 80 });
      expect(view.csvIds).toEqual([made.id]);
      // UTC's day is another day in this zone: the checkout is not on it.
      expect((await seen(t, cookie, '2026-05-20')).history).toEqual([]);
    });
  }

  it('changing the zone re-buckets what was already counted', async () => {
    const t = await fresh();
    t.clock.now = Date.parse(NOW);
    const cookie = await t.login();
    await setGuest(t, cookie);
    await setZone(t, cookie, 'Pacific/Kiritimati');
    const made = await checkoutAt(t, NOW, 4, { Coke: 1, Chang: 1 });
    await loginAt(t, NOW);
    let week: Consumption = await (await t.request('GET', '/api/consumption?days=7', { cookie })).json();
    expect(week.daily.filter((d) => d.units > 0)).toEqual([{ day: '2026-05-21', units: 2, thb: 120 }]);

    await setZone(t, cookie, 'Etc/GMT+12');
    week = await (await t.request('GET', '/api/consumption?days=7', { cookie })).json();
    expect(week.to).toBe('2026-05-19');
    expect(week.daily.filter((d) => d.units > 0)).toEqual([{ day: '2026-05-19', units: 2, thb: 120 }]);
    expect(week.cells).toEqual([
      { day: '2026-05-19', drinkName: 'Chang', units: 1, thb: 80 },
      { day: '2026-05-19', drinkName: 'Coke', units: 1, thb: 40 },
    ]);
    const history: HistoryCheckout[] = await (
      await t.request('GET', '/api/checkouts?from=2026-05-19&to=2026-05-19', { cookie })
    ).json();
    expect(history.map((c) => c.id)).toEqual([made.id]);
  });

  it('Asia/Bangkok by default: between midnight and 7 am a checkout is on the Thai day, not UTC yesterday', async () => {
    const t = await fresh();
    t.clock.now = Date.parse('2026-05-20T00:00:00.000Z');
    const cookie = await t.login();
    await setGuest(t, cookie);
    // 05:30 in Bangkok on May 21 is 22:30 UTC on May 20.
    const made = await checkoutAt(t, '2026-05-20T22:30:00.000Z', 4, { Coke: 1 });
    const loggedIn = await loginAt(t, '2026-05-20T22:40:00.000Z');
    const view = await seen(t, loggedIn, '2026-05-21');
    expect(view.history).toEqual([made.id]);
    expect(view.consumptionToday).toEqual({ day: '2026-05-21', units: 1, thb: 40 });
  });
});
