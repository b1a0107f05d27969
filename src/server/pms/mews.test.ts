import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type MewsStandIn, mewsDocument, startMewsStandIn } from '../../../tests/pms/mews-stand-in';
import { openApiCheck } from '../../../tests/pms/openapi-check';
import { createMewsAdapter } from './mews';
import type { PmsPost, PmsSettings } from './pms-adapter';

describe('Mews requests against the derived document', () => {
  const post = (operation: string, body: Record<string, unknown>) => ({
    method: 'POST',
    path: `/api/connector/v1/${operation}`,
    query: {},
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ClientToken: 'c', AccessToken: 'a', Client: 'Fridge Check 1.0.0', ...body }),
  });
  const item = {
    Name: 'Chang',
    UnitCount: 2,
    UnitAmount: { Currency: 'THB', GrossValue: 60, TaxCodes: ['TH-S'] },
    ExternalIdentifier: 'FC-1/1/CHANG',
  };

  it('a field the document does not define fails; the fields it defines pass', async () => {
    const check = await openApiCheck(mewsDocument);
    const order = { ServiceId: 's', AccountId: 'a', LinkedReservationId: 'r', Items: [item] };
    expect(check.request(post('orders/add', order)).problems).toEqual([]);
    // Not in the document: an order-level reference, an item's SKU, an amount's tax rate in numbers.
    expect(check.request(post('orders/add', { ...order, ReferenceId: 'FC-1' })).problems.join()).toContain(
      'additional properties',
    );
    expect(
      check.request(post('orders/add', { ...order, Items: [{ ...item, Sku: 'CHANG' }] })).problems.join(),
    ).toContain('Sku');
    const rated = { ...item, UnitAmount: { ...item.UnitAmount, TaxRate: 0.07 } };
    expect(check.request(post('orders/add', { ...order, Items: [rated] })).problems.join()).toContain(
      'TaxRate',
    );
    // Required by the tables: the service, the account; an item's unit amount; an amount's tax codes.
    const { ServiceId: _, ...noService } = order;
    expect(check.request(post('orders/add', noService)).problems.join()).toContain('ServiceId');
    const untaxed = { ...item, UnitAmount: { Currency: 'THB', GrossValue: 60 } };
    expect(check.request(post('orders/add', { ...order, Items: [untaxed] })).problems.join()).toContain(
      'TaxCodes',
    );
    // The enum of states; the limitation required; at most 10 items to cancel.
    const reservations = { AssignedResourceIds: ['r'], Limitation: { Count: 10 } };
    expect(
      check.request(post('reservations/getAll/2023-06-06', { ...reservations, States: ['Started'] }))
        .problems,
    ).toEqual([]);
    expect(
      check
        .request(post('reservations/getAll/2023-06-06', { ...reservations, States: ['CheckedIn'] }))
        .problems.join(),
    ).toContain('allowed values');
    expect(
      check.request(post('reservations/getAll/2023-06-06', { States: ['Started'] })).problems.join(),
    ).toContain('Limitation');
    const eleven = Array.from({ length: 11 }, (_, i) => `i${i}`);
    expect(check.request(post('orderItems/cancel', { OrderItemIds: eleven })).problems.join()).toContain(
      'more than 10',
    );
    expect(check.request(post('orders/get', {})).problems).toEqual([
      'POST /api/connector/v1/orders/get is not in the document',
    ]);
  });
});

describe('the Mews adapter against the stand-in', () => {
  let mews: MewsStandIn;
  let settings: PmsSettings;
  const accountId = 'acc-ann';
  const lines = [
    { itemCode: 'CHANG', name: 'Chang', quantity: 2, unitPrice: 5607, vat: 786, unitGross: 6000 },
    { itemCode: 'COKE', name: 'Coke', quantity: 1, unitPrice: 3738, vat: 262, unitGross: 4000 },
  ];
  const order = (reference: string): PmsPost => ({
    reservationId: 'res-12',
    roomPartId: null,
    accountId,
    roomId: mews.resources[1]?.Id ?? '',
    reference,
    lines,
    vatName: 'VAT 7%',
    saleDate: new Date().toISOString(),
  });

  beforeAll(async () => {
    mews = await startMewsStandIn();
    mews.reservations.push({
      Id: 'res-12',
      AccountId: accountId,
      AssignedResourceId: mews.resources[1]?.Id ?? '',
      State: 'Started',
    });
    settings = {
      kind: 'mews',
      apiUrl: mews.url,
      propertyId: null,
      serviceId: mews.serviceId,
      taxCode: mews.taxCode,
      credentials: { clientToken: mews.clientToken, accessToken: mews.accessToken },
    };
  });
  afterAll(() => mews.close());
  afterEach(() => expect(mews.problems).toEqual([]));

  it('test, rooms and the guest in house read what Mews answers', async () => {
    const adapter = createMewsAdapter(settings);
    expect(await adapter.test()).toEqual({
      ok: true,
      value: `Connected to Stand-in Beach Resort (${mews.enterpriseId})`,
    });
    const rooms = await adapter.rooms();
    expect(rooms.ok && rooms.value.map((r) => r.roomName)).toEqual(['11', 'Bungalow 12', 'Bungalow 13']);
    expect(await adapter.inHouse(mews.resources[1]?.Id ?? '')).toEqual({
      ok: true,
      value: { reservationId: 'res-12', roomPartId: null, accountId },
    });
    expect(await adapter.inHouse(mews.resources[2]?.Id ?? '')).toEqual({ ok: true, value: null });
  });

  it('a post adds one order on the account; posted again under its reference it adds nothing; a void cancels its items', async () => {
    const adapter = createMewsAdapter(settings);
    const first = await adapter.post(order('FC-7'));
    expect(first.ok).toBe(true);
    const orderId = first.ok ? first.value : '';
    expect(mews.orders.filter((o) => o.OrderId === orderId)).toEqual([
      {
        OrderId: orderId,
        AccountId: accountId,
        ServiceId: mews.serviceId,
        LinkedReservationId: 'res-12',
        Notes: 'Fridge Check FC-7',
      },
    ]);
    expect(mews.items.map((i) => [i.Name, i.UnitCount, i.UnitAmount, i.ExternalIdentifier])).toEqual([
      ['Chang', 2, { Currency: 'THB', GrossValue: 60, TaxCodes: ['TH-S'] }, 'FC-7/1/CHANG'],
      ['Coke', 1, { Currency: 'THB', GrossValue: 40, TaxCodes: ['TH-S'] }, 'FC-7/2/COKE'],
    ]);
    // The answer lost (a crash before the save): the same reference finds the order already there.
    expect(await adapter.post(order('FC-7'))).toEqual({ ok: true, value: orderId });
    expect(mews.orders).toHaveLength(1);

    expect(await adapter.void('res-12', orderId)).toEqual({ ok: true, value: undefined });
    expect(mews.items.every((i) => i.CanceledUtc !== null)).toBe(true);
    // A repeat of the void cancels nothing twice.
    expect(await adapter.void('res-12', orderId)).toEqual({ ok: true, value: undefined });
    // Voided, the reference is free again: a new post adds a new order.
    const again = await adapter.post(order('FC-7'));
    expect(again.ok && again.value).not.toBe(orderId);
  });

  it('Mews’ refusals: 401 is the tokens, 403 and 400 the post in its words, 429 later with its Retry-After', async () => {
    const wrong = createMewsAdapter({ ...settings, credentials: { clientToken: 'x', accessToken: 'y' } });
    expect(await wrong.test()).toMatchObject({
      ok: false,
      failure: 'credentials',
      reason: 'Mews refused the tokens: Invalid ClientToken or AccessToken',
    });
    const adapter = createMewsAdapter(settings);
    mews.refuseNext = 'The bill of this customer is closed';
    expect(await adapter.post(order('FC-8'))).toMatchObject({
      ok: false,
      failure: 'refused',
      reason: 'Mews: The bill of this customer is closed',
    });
    expect(await createMewsAdapter({ ...settings, serviceId: 'nope' }).post(order('FC-8'))).toMatchObject({
      ok: false,
      failure: 'refused',
      reason: 'Mews: Invalid ServiceId',
    });
    mews.tooManyNext = true;
    expect(await adapter.rooms()).toMatchObject({ ok: false, failure: 'unreachable', retryAfterMs: 1000 });
    expect(await createMewsAdapter({ ...settings, taxCode: null }).post(order('FC-9'))).toMatchObject({
      ok: false,
      failure: 'refused',
      reason: 'No Mews tax rate code is set for VAT: set it in Integrations',
    });
    // "Within the Editable History Interval for the enterprise" (7 days at the stand-in's).
    const lastWeek = new Date(Date.now() - 8 * 24 * 3600_000).toISOString();
    expect(await adapter.post({ ...order('FC-10'), saleDate: lastWeek })).toMatchObject({
      ok: false,
      failure: 'refused',
      reason: 'Mews: ConsumptionUtc is outside the Editable History Interval',
    });
  });

  it('TaxCodes only when there is a code (never an empty list), ConsumptionUtc in whole seconds', async () => {
    const untaxed = { ...order('FC-20'), lines: lines.map((line) => ({ ...line, vat: 0 })) };
    const calls = mews.calls.length;
    expect(await createMewsAdapter({ ...settings, taxCode: null }).post(untaxed)).toMatchObject({
      ok: false,
      failure: 'refused',
      reason: expect.stringContaining('Mews needs one on every item'),
    });
    // Refused here, before Mews was asked anything.
    expect(mews.calls.slice(calls)).toEqual([]);
    const posted = await createMewsAdapter(settings).post({
      ...untaxed,
      saleDate: '2026-12-01T03:04:05.678Z',
    });
    expect(posted.ok).toBe(true);
    const items = mews.items.filter((i) => i.ExternalIdentifier?.startsWith('FC-20/'));
    expect(items.map((i) => [i.UnitAmount.TaxCodes, i.ConsumedUtc])).toEqual([
      [['TH-S'], '2026-12-01T03:04:05Z'],
      [['TH-S'], '2026-12-01T03:04:05Z'],
    ]);
  });

  it('test connection says when the enterprise does not take baht', async () => {
    mews.currency = 'EUR';
    try {
      const answer = await createMewsAdapter(settings).test();
      expect(answer.ok && answer.value).toContain('its currency is EUR, not THB');
    } finally {
      mews.currency = 'THB';
    }
  });

  it('the day: departures, in house and arrivals by the scheduled start and end filters and states', async () => {
    const room = (i: number) => mews.resources[i]?.Id ?? '';
    mews.reservations.push(
      {
        Id: 'd-1',
        AccountId: 'acc-d1',
        AssignedResourceId: room(0),
        State: 'Started',
        ScheduledStartUtc: '2026-03-01T07:00:00Z',
        ScheduledEndUtc: '2026-03-10T04:00:00Z',
      },
      {
        Id: 'd-2',
        AccountId: 'acc-d2',
        AssignedResourceId: room(2),
        State: 'Processed',
        ScheduledStartUtc: '2026-03-02T07:00:00Z',
        ScheduledEndUtc: '2026-03-10T03:00:00Z',
        ActualEndUtc: '2026-03-10T02:30:00Z',
      },
      {
        Id: 'a-1',
        AccountId: 'acc-a1',
        AssignedResourceId: room(0),
        State: 'Confirmed',
        ScheduledStartUtc: '2026-03-10T07:00:00Z',
        ScheduledEndUtc: '2026-03-12T04:00:00Z',
      },
      {
        Id: 'a-2',
        AccountId: 'acc-a2',
        AssignedResourceId: room(2),
        State: 'Confirmed',
        ScheduledStartUtc: '2026-03-11T07:00:00Z',
        ScheduledEndUtc: '2026-03-12T04:00:00Z',
      },
    );
    const adapter = createMewsAdapter(settings);
    const day = await adapter.day({
      day: '2026-03-10',
      startUtc: '2026-03-09T17:00:00.000Z',
      endUtc: '2026-03-10T17:00:00.000Z',
    });
    expect(day.ok).toBe(true);
    if (!day.ok) return;
    expect(day.value.departures.map((s) => [s.reservationId, s.roomId, s.to])).toEqual([
      ['d-1', room(0), '2026-03-10T04:00:00Z'],
      ['d-2', room(2), '2026-03-10T03:00:00Z'],
    ]);
    // res-12 (Started, until the end of the year) stays; d-1 leaves today.
    expect(day.value.inHouse.map((s) => s.reservationId)).toEqual(['res-12']);
    expect(day.value.arrivals.map((s) => [s.reservationId, s.from])).toEqual([
      ['a-1', '2026-03-10T07:00:00Z'],
    ]);
    // A check after the checkout: the Processed reservation, by its actual end within a day before.
    expect(await adapter.departed(room(2), '2026-03-10T05:00:00.123Z')).toEqual({
      ok: true,
      value: { reservationId: 'd-2', roomPartId: null, accountId: 'acc-d2' },
    });
    expect(await adapter.departed(room(2), '2026-03-12T05:00:00.000Z')).toEqual({ ok: true, value: null });
    mews.reservations.splice(-4);
  });

  it('the stand-in as Mews documents it: POST of JSON only, Invalid JSON, paging by Limitation and Cursor', async () => {
    const at = (operation: string) => `${mews.url}/api/connector/v1/${operation}`;
    expect((await fetch(at('configuration/get'))).status).toBe(404);
    const broken = await fetch(at('configuration/get'), { method: 'POST', body: '{"ClientToken": ' });
    expect([broken.status, await broken.json()]).toEqual([400, { Message: 'Invalid JSON' }]);
    const auth = {
      ClientToken: mews.clientToken,
      AccessToken: mews.accessToken,
      Client: 'Fridge Check 1.0.0',
    };
    const page = async (cursor?: string) =>
      (await (
        await fetch(at('resources/getAll'), {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            ...auth,
            Extent: { Resources: true },
            Limitation: { Count: 2, ...(cursor ? { Cursor: cursor } : {}) },
          }),
        })
      ).json()) as { Resources: { Name: string }[]; Cursor?: string };
    const first = await page();
    expect(first.Resources.map((r) => r.Name)).toEqual(['11', 'Bungalow 12']);
    expect((await page(first.Cursor)).Resources.map((r) => r.Name)).toEqual(['Bungalow 13']);
  });
});
