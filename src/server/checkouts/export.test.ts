import { expect, it } from 'vitest';
import { checkoutAt, loginAt } from '../../../tests/support/checkout-factory';
import { parseCsv } from '../../../tests/support/csv-parse';
import { describeEachDatabase, type TestApp } from '../../../tests/support/test-app';
import { csvColumns } from '../../shared/staff-constants';

const awkwardGuest = 'Søren "Sunny" Ågård, ครอบครัวสมิธ';

async function addDrink(t: TestApp, cookie: string, drinkName: string, price: number) {
  const response = await t.request('POST', '/api/drinks', {
    cookie,
    body: { drinkName, startingQuantity: 5, price },
  });
  expect(response.status).toBe(201);
}

describeEachDatabase('CSV export API', ({ fresh }) => {
  it('GET /api/checkouts/export.csv round-trips quotes, commas, line breaks and Thai names', async () => {
    const t = await fresh();
    let cookie = await loginAt(t, '2026-06-01T00:00:00.000Z');
    await addDrink(t, cookie, 'เบียร์ช้าง, "big"', 95);
    await addDrink(t, cookie, '=HYPERLINK("x")', 10);
    const guest = await t.request('PUT', '/api/guest', {
      cookie,
      body: { name: awkwardGuest, email: 'sunny@example.com' },
    });
    expect(guest.status).toBe(200);
    // The range is in the resort's days (Asia/Bangkok, UTC+7, by default): June 1 starts at 17:00 UTC on May 31.
    const outside = await checkoutAt(t, '2026-05-31T16:59:59.999Z', 1, { Coke: 1 });
    const first = await checkoutAt(t, '2026-05-31T17:00:00.000Z', 12, { 'เบียร์ช้าง, "big"': 2, Coke: 1 });
    const second = await checkoutAt(t, '2026-06-02T11:30:00.000Z', 3, { '=HYPERLINK("x")': 1 });
    await checkoutAt(t, '2026-06-02T17:00:00.000Z', 3, { Coke: 1 });
    cookie = await loginAt(t, '2026-06-03T10:00:00.000Z');
    const voided = await t.request('POST', `/api/checkouts/${second.id}/void`, {
      cookie,
      body: { reason: 'Guest said "no",\nreturned it' },
    });
    expect(voided.status).toBe(200);

    const response = await t.request('GET', '/api/checkouts/export.csv?from=2026-06-01&to=2026-06-02', {
      cookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toBe(
      'attachment; filename="fridge-checkouts-2026-06-01-to-2026-06-02.csv"',
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
    expect(text.startsWith('\uFEFF')).toBe(true);
    const [header = [], ...rows] = parseCsv(text.slice(1));
    expect(header).toEqual([...csvColumns]);
    const records = rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]])));
    expect(records).toEqual([
      {
        checkout_id: String(first.id),
        created_at_utc: '2026-05-31T17:00:00.000Z',
        bungalow: '12',
        guest_name: awkwardGuest,
        drink: 'เบียร์ช้าง, "big"',
        quantity: '2',
        unit_price_thb: '95',
        line_total_thb: '190',
        checkout_total_thb: '230',
        status: 'recorded',
        voided_at_utc: '',
        void_reason: '',
        payment_status: 'unpaid',
        payment_method: '',
        paid_at_utc: '',
        paid_by: '',
      },
      expect.objectContaining({ checkout_id: String(first.id), drink: 'Coke', line_total_thb: '40' }),
      {
        checkout_id: String(second.id),
        created_at_utc: '2026-06-02T11:30:00.000Z',
        bungalow: '3',
        guest_name: awkwardGuest,
        // A spreadsheet would run this as a formula: the apostrophe keeps it text.
        drink: `'=HYPERLINK("x")`,
        quantity: '1',
        unit_price_thb: '10',
        line_total_thb: '10',
        checkout_total_thb: '10',
        status: 'voided',
        voided_at_utc: '2026-06-03T10:00:00.000Z',
        void_reason: 'Guest said "no",\nreturned it',
        payment_status: '',
        payment_method: '',
        paid_at_utc: '',
        paid_by: '',
      },
    ]);
    expect(records.some((r) => r.checkout_id === String(outside.id))).toBe(false);
  });

  it('GET /api/checkouts/export.csv streams many checkouts in order, one row per line', async () => {
    const t = await fresh();
    t.clock.now = Date.parse('2026-07-01T00:00:00.000Z');
    const cookie0 = await t.login();
    expect(
      (
        await t.request('PUT', '/api/guest', {
          cookie: cookie0,
          body: { name: 'Bo', email: 'b@example.com' },
        })
      ).status,
    ).toBe(200);
    // More than one export batch (500 checkouts), all at the same instant so the keyset must use the id.
    // Recorded by staff (an admin session is not rate-limited), as a back office would enter them.
    const count = 520;
    const drinks = await (await t.request('GET', '/api/drinks')).json();
    const made: number[] = [];
    for (let i = 0; i < count; i++) {
      const response = await t.request('POST', '/api/checkouts', {
        cookie: cookie0,
        body: {
          bungalow: (i % 9) + 1,
          items: [
            { drinkId: drinks[0].id, missing: 1 },
            { drinkId: drinks[3].id, missing: 1 },
          ],
        },
      });
      made.push((await response.json()).id);
    }
    const cookie = await loginAt(t, '2026-07-01T00:10:00.000Z');
    const response = await t.request('GET', '/api/checkouts/export.csv?from=2026-07-01&to=2026-07-01', {
      cookie,
    });
    const rows = parseCsv((await response.text()).slice(1)).slice(1);
    expect(rows).toHaveLength(count * 2);
    const ids = rows.filter((_, i) => i % 2 === 0).map((row) => Number(row[0]));
    expect(ids).toEqual(made);
  });

  it('GET /api/checkouts/export.csv needs a valid date range (422)', async () => {
    const t = await fresh();
    const cookie = await t.login();
    for (const query of [
      '',
      '?from=2026-06-01',
      '?from=2026-06-03&to=2026-06-01',
      '?from=2026-13-01&to=2026-13-02',
    ]) {
      const response = await t.request('GET', `/api/checkouts/export.csv${query}`, { cookie });
      expect(response.status, query).toBe(422);
      expect((await response.json()).error.code).toBe('validation_failed');
    }
  });
});
