import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type CloudbedsStandIn,
  cloudbedsDocument,
  startCloudbedsStandIn,
} from '../../../tests/pms/cloudbeds-stand-in';
import { openApiCheck, parseForm } from '../../../tests/pms/openapi-check';
import { createCloudbedsAdapter, formOf } from './cloudbeds';
import type { PmsSettings } from './pms-adapter';

describe('Cloudbeds requests against the pinned document', () => {
  const post = (body: Record<string, unknown>) => ({
    method: 'POST',
    path: '/postCustomItem',
    query: {},
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-api-key': 'k' },
    body: formOf(body),
  });

  it('formOf writes arrays of objects as PHP-style fields, which read back as they were', () => {
    const value = {
      reservationID: 'R1',
      items: [{ itemName: 'Chang', itemQuantity: 2, itemTaxes: [{ taxName: 'VAT' }] }],
    };
    expect(formOf(value)).toBe(
      'reservationID=R1&items%5B0%5D%5BitemName%5D=Chang&items%5B0%5D%5BitemQuantity%5D=2&items%5B0%5D%5BitemTaxes%5D%5B0%5D%5BtaxName%5D=VAT',
    );
    expect(parseForm(formOf(value))).toEqual({
      reservationID: 'R1',
      items: [{ itemName: 'Chang', itemQuantity: '2', itemTaxes: [{ taxName: 'VAT' }] }],
    });
  });

  it('a field the document does not define fails; the fields it defines pass', async () => {
    const check = await openApiCheck(cloudbedsDocument);
    const good = {
      reservationID: 'R1',
      referenceID: 'FC-1',
      items: [{ itemName: 'Chang', itemQuantity: 2, itemPrice: 60 }],
    };
    expect(check.request(post(good)).problems).toEqual([]);
    expect(check.request(post({ ...good, folioNote: 'x' })).problems.join()).toContain(
      'additional properties',
    );
    const badItem = { ...good, items: [{ itemName: 'Chang', itemColour: 'green' }] };
    expect(check.request(post(badItem)).problems.join()).toContain('itemColour');
    expect(check.request(post({ ...good, saleDate: 'yesterday' })).problems.join()).toContain('date-time');
    const query = { method: 'GET', path: '/getReservations', headers: {}, body: '' };
    expect(check.request({ ...query, query: { status: 'checked_in', roomID: '1' } }).problems).toEqual([]);
    expect(check.request({ ...query, query: { status: 'in_house' } }).problems.join()).toContain(
      'allowed values',
    );
    expect(check.request({ ...query, query: { room: '1' } }).problems).toContain(
      'query parameter room is not in the document',
    );
  });
});

describe('the Cloudbeds adapter against the stand-in', () => {
  let pms: CloudbedsStandIn;
  let settings: PmsSettings;
  beforeAll(async () => {
    // 45 rooms: three pages at the document's default page size of 20.
    pms = await startCloudbedsStandIn({ rooms: 45 });
    settings = {
      kind: 'cloudbeds',
      apiUrl: pms.url,
      propertyId: '501',
      serviceId: null,
      taxCode: null,
      credentials: { apiKey: pms.apiKey },
    };
  });
  afterAll(() => pms.close());
  afterEach(() => {
    expect(pms.problems).toEqual([]);
    pms.calls.length = 0;
  });

  it('reads every room, page by page: 45 rooms, all of them, however the PMS pages them', async () => {
    const adapter = createCloudbedsAdapter(settings);
    const read = async () => {
      const rooms = await adapter.rooms();
      return rooms.ok ? rooms.value : [];
    };
    const all = await read();
    expect(all).toHaveLength(45);
    expect(all.at(-1)).toEqual({ roomId: '501-45', roomName: 'Bungalow 55' });
    // A PMS that gives 20 a page whatever is asked: three pages, then one that brings nothing new.
    pms.roomsPageMax = 20;
    try {
      pms.calls.length = 0;
      expect(await read()).toEqual(all);
      expect(pms.calls.filter((c) => c === 'getRooms')).toHaveLength(4);
    } finally {
      pms.roomsPageMax = Number.POSITIVE_INFINITY;
    }
  });

  it('test connection says when the property does not count in baht', async () => {
    const adapter = createCloudbedsAdapter(settings);
    expect(await adapter.test()).toEqual({ ok: true, value: 'Connected to Stand-in Beach Resort (501)' });
    pms.currency = 'USD';
    try {
      const answer = await adapter.test();
      expect(answer.ok && answer.value).toContain('its currency is USD, not THB');
    } finally {
      pms.currency = 'THB';
    }
  });

  it('a renamed item shows its new name: no appItemID, whose first name Cloudbeds keeps', async () => {
    const adapter = createCloudbedsAdapter(settings);
    pms.reservations.push({
      reservationID: 'R-14',
      guestName: 'Cai Guest',
      roomID: '501-4',
      subReservationID: 'R-14-1',
      status: 'checked_in',
    });
    const line = { itemCode: 'FANTA', quantity: 1, unitPrice: 3000, vat: 0, unitGross: 3000 };
    const post = (reference: string, name: string) =>
      adapter.post({
        reservationId: 'R-14',
        roomPartId: 'R-14-1',
        accountId: null,
        roomId: '501-4',
        reference,
        lines: [{ ...line, name }],
        vatName: 'VAT',
        saleDate: new Date().toISOString(),
      });
    expect((await post('FC-1', 'Fanta')).ok).toBe(true);
    expect((await post('FC-2', 'Fanta Zero')).ok).toBe(true);
    expect(pms.folio.map((f) => f.items.map((i) => [i.itemSKU, i.itemName]))).toEqual([
      [['FANTA', 'Fanta']],
      [['FANTA', 'Fanta Zero']],
    ]);
  });

  it('the day: departures, in house and arrivals by the check-out and check-in filters and status', async () => {
    pms.reservations.push(
      {
        reservationID: 'D-1',
        guestName: 'Dee Out',
        roomID: '501-5',
        subReservationID: 'D-1-1',
        status: 'checked_in',
        startDate: '2026-03-01',
        endDate: '2026-03-10',
      },
      {
        reservationID: 'D-2',
        guestName: 'Ed Gone',
        roomID: '501-6',
        subReservationID: 'D-2-1',
        status: 'checked_out',
        startDate: '2026-03-02',
        endDate: '2026-03-10',
      },
      {
        reservationID: 'H-1',
        guestName: 'Flo Stay',
        roomID: '501-7',
        subReservationID: 'H-1-1',
        status: 'checked_in',
        startDate: '2026-03-05',
        endDate: '2026-03-14',
      },
      {
        reservationID: 'A-1',
        guestName: 'Gus New',
        roomID: '501-5',
        subReservationID: 'A-1-1',
        status: 'confirmed',
        startDate: '2026-03-10',
        endDate: '2026-03-12',
      },
      {
        reservationID: 'A-2',
        guestName: 'Hal Later',
        roomID: '501-8',
        subReservationID: 'A-2-1',
        status: 'confirmed',
        startDate: '2026-03-11',
        endDate: '2026-03-12',
      },
    );
    const day = await createCloudbedsAdapter(settings).day({
      day: '2026-03-10',
      startUtc: '2026-03-09T17:00:00.000Z',
      endUtc: '2026-03-10T17:00:00.000Z',
    });
    expect(day.ok).toBe(true);
    if (!day.ok) return;
    expect(day.value.departures.map((s) => [s.reservationId, s.roomId, s.guestName, s.to])).toEqual([
      ['D-1', '501-5', 'Dee Out', '2026-03-10'],
      ['D-2', '501-6', 'Ed Gone', '2026-03-10'],
    ]);
    expect(day.value.inHouse.map((s) => s.reservationId)).toContain('H-1');
    expect(day.value.inHouse.map((s) => s.reservationId)).not.toContain('D-1');
    expect(day.value.arrivals.map((s) => [s.reservationId, s.roomId, s.from])).toEqual([
      ['A-1', '501-5', '2026-03-10'],
    ]);
  });

  it('a check after the PMS checkout finds the departed reservation within a day', async () => {
    pms.reservations.push({
      reservationID: 'L-1',
      guestName: 'Ida Left',
      roomID: '501-9',
      subReservationID: 'L-1-1',
      status: 'checked_out',
      startDate: '2026-03-01',
      endDate: '2026-03-10',
    });
    const adapter = createCloudbedsAdapter(settings);
    expect(await adapter.departed('501-9', '2026-03-10T06:30:00.000Z')).toEqual({
      ok: true,
      value: { reservationId: 'L-1', roomPartId: 'L-1-1', accountId: null },
    });
    expect(await adapter.departed('501-9', '2026-03-14T06:30:00.000Z')).toEqual({ ok: true, value: null });
  });
});
