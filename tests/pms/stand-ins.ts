import { addDays } from '../../src/shared/local-days';
import type { PmsKind, PmsRoomOption } from '../../src/shared/pms-types';
import { startCloudbedsStandIn } from './cloudbeds-stand-in';
import { startMewsStandIn } from './mews-stand-in';

/**
 * Each stand-in PMS behind one face, so the API tests (src/server/pms/pms.test.ts) run the same scenarios
 * for every kind: how to connect to it, a guest checked in to bungalow 12's room, and what reached the folio in
 * the vendor's own fields, read back as lines.
 */

export interface PostedLine {
  /** Our item code as the vendor carries it (Cloudbeds' appItemID, Mews' ExternalIdentifier's last part). */
  code: string;
  name: string;
  quantity: number;
  /** What the folio adds for the line, in baht (Cloudbeds: price × quantity + its tax; Mews: gross × count). */
  total: number;
  /** The tax as the folio names it (Cloudbeds' taxName, Mews' tax rate code), or null. */
  tax: string | null;
  /** The line's VAT in baht where we sent it (Cloudbeds); null where the PMS works it out (Mews). */
  vat: number | null;
}

export interface Posted {
  reference: string | null;
  voided: boolean;
  lines: PostedLine[];
}

export interface PmsUnderTest {
  kind: PmsKind;
  label: string;
  url: string;
  /** PUT /api/pms's body that connects to it. */
  connect: Record<string, unknown>;
  /** The connection as GET /api/pms answers it after `connect`. */
  connected: Record<string, unknown>;
  /** A body that changes the secret to a wrong one, and what the PMS says to it. */
  wrongSecret: Record<string, unknown>;
  wrongSecretSays: string;
  /** A first connection without its secret (422). */
  missingSecret: Record<string, unknown>;
  /** Every secret, to look for in answers, logs and the audit. */
  secrets: string[];
  testAnswer: string;
  /** How the adapter prefixes what the PMS refused with. */
  says: string;
  rooms: PmsRoomOption[];
  reservationId: string;
  /**
   * A reservation on `day` in the stand-in's room `room` (0: "11", 1: "Bungalow 12", 2: "Bungalow 13"), in the
   * vendor's own fields: due out that day (still checked in) at `hourUtc` where the PMS keeps a time, staying
   * past it, or due in that day. Answers the reservation's id.
   */
  reserve(
    room: number,
    kind: 'departing' | 'staying' | 'arriving',
    guestName: string,
    day: string,
    hourUtc?: number,
  ): string;
  /** The guest of `reservationId` checks out in the PMS (an hour ago), or back in. */
  checkOut(reservationId: string): void;
  checkIn(reservationId: string): void;
  posted(): Posted[];
  /** How many posts (not reads) reached it. */
  postCalls(): number;
  /** How many requests of any kind reached it. */
  allCalls(): number;
  /** Every request's operation, in order. */
  operations(): string[];
  setDown(down: boolean): void;
  refuseNext(message: string | null): void;
  problems: string[];
  close(): Promise<void>;
}

/** What both stand-ins share: their record of calls, the switches a test flips, their problems. */
type Controls = Pick<
  PmsUnderTest,
  'postCalls' | 'allCalls' | 'operations' | 'setDown' | 'refuseNext' | 'problems' | 'close'
>;

/** `postOperation`: the vendor's call that posts (not reads), the one `postCalls` counts. */
function controls(
  pms: {
    calls: string[];
    down: boolean;
    refuseNext: string | null;
    problems: string[];
    close(): Promise<void>;
  },
  postOperation: string,
): Controls {
  return {
    postCalls: () => pms.calls.filter((c) => c === postOperation).length,
    allCalls: () => pms.calls.length,
    operations: () => [...pms.calls],
    setDown: (down) => {
      pms.down = down;
    },
    refuseNext: (message) => {
      pms.refuseNext = message;
    },
    problems: pms.problems,
    close: () => pms.close(),
  };
}

async function cloudbeds(): Promise<PmsUnderTest> {
  const pms = await startCloudbedsStandIn();
  pms.reservations.push({
    reservationID: 'R-12',
    guestName: 'Ann Guest',
    roomID: '501-2',
    subReservationID: 'R-12-1',
    status: 'checked_in',
  });
  return {
    kind: 'cloudbeds',
    label: 'Cloudbeds',
    url: pms.url,
    connect: { kind: 'cloudbeds', apiUrl: pms.url, propertyId: '501', apiKey: pms.apiKey },
    connected: { kind: 'cloudbeds', apiUrl: pms.url, propertyId: '501', apiKeySet: true },
    wrongSecret: { kind: 'cloudbeds', apiKey: 'a-wrong-key-4242' },
    wrongSecretSays: 'Invalid API key',
    missingSecret: { kind: 'cloudbeds', apiUrl: pms.url },
    secrets: [pms.apiKey, 'a-wrong-key-4242'],
    testAnswer: 'Connected to Stand-in Beach Resort (501)',
    says: 'Cloudbeds: ',
    rooms: pms.rooms.map((r) => ({ roomId: r.roomID, roomName: r.roomName })),
    reservationId: 'R-12',
    reserve: (room, kind, guestName, day) => {
      const roomID = pms.rooms[room]?.roomID ?? '';
      const n = pms.reservations.length + 1;
      pms.reservations.push({
        reservationID: `R-${n}`,
        guestName,
        roomID,
        subReservationID: `R-${n}-1`,
        status: kind === 'arriving' ? 'confirmed' : 'checked_in',
        startDate: kind === 'arriving' ? day : addDays(day, -3),
        endDate: kind === 'departing' ? day : addDays(day, 2),
      });
      return `R-${n}`;
    },
    checkOut: (id) => {
      const r = pms.reservations.find((x) => x.reservationID === id);
      if (r) Object.assign(r, { status: 'checked_out', endDate: new Date().toISOString().slice(0, 10) });
    },
    checkIn: (id) => {
      const r = pms.reservations.find((x) => x.reservationID === id);
      if (r) Object.assign(r, { status: 'checked_in', endDate: undefined });
    },
    posted: () =>
      pms.folio.map((f) => ({
        reference: f.referenceID,
        voided: f.voided,
        lines: f.items.map((i) => {
          const vat = i.itemTaxes?.[0]?.taxValue ?? null;
          return {
            code:
              i.appItemID && i.appItemID !== i.itemSKU ? `${i.appItemID}|${i.itemSKU}` : (i.itemSKU ?? ''),
            name: i.itemName ?? '',
            quantity: i.itemQuantity ?? 0,
            total: Math.round(((i.itemPrice ?? 0) * (i.itemQuantity ?? 0) + (vat ?? 0)) * 100) / 100,
            tax: i.itemTaxes?.[0]?.taxName ?? null,
            vat,
          };
        }),
      })),
    ...controls(pms, 'postCustomItem'),
  };
}

async function mews(): Promise<PmsUnderTest> {
  const pms = await startMewsStandIn();
  const room12 = pms.resources[1]?.Id ?? '';
  pms.reservations.push(
    { Id: 'mews-res-12', AccountId: 'mews-ann', AssignedResourceId: room12, State: 'Started' },
    // Checked out of bungalow 13 already: not in house.
    {
      Id: 'mews-res-13',
      AccountId: 'mews-bob',
      AssignedResourceId: pms.resources[2]?.Id ?? '',
      State: 'Processed',
    },
  );
  pms.customers.push(
    { Id: 'mews-ann', FirstName: 'Ann', LastName: 'Guest' },
    { Id: 'mews-bob', FirstName: 'Bob', LastName: 'Gone' },
  );
  const secrets = { clientToken: pms.clientToken, accessToken: pms.accessToken };
  return {
    kind: 'mews',
    label: 'Mews',
    url: pms.url,
    connect: { kind: 'mews', apiUrl: pms.url, serviceId: pms.serviceId, taxCode: pms.taxCode, ...secrets },
    connected: {
      kind: 'mews',
      apiUrl: pms.url,
      serviceId: pms.serviceId,
      taxCode: pms.taxCode,
      clientTokenSet: true,
      accessTokenSet: true,
      apiKeySet: false,
    },
    wrongSecret: { kind: 'mews', accessToken: 'a-wrong-token-4242' },
    wrongSecretSays: 'Invalid ClientToken or AccessToken',
    missingSecret: { kind: 'mews', apiUrl: pms.url, serviceId: pms.serviceId },
    secrets: [pms.clientToken, pms.accessToken, 'a-wrong-token-4242'],
    testAnswer: `Connected to Stand-in Beach Resort (${pms.enterpriseId})`,
    says: 'Mews: ',
    rooms: pms.resources.map((r) => ({ roomId: r.Id, roomName: r.Name })),
    reservationId: 'mews-res-12',
    reserve: (room, kind, guestName, day, hourUtc = 4) => {
      const n = pms.reservations.length + 1;
      const [first, ...last] = guestName.split(' ');
      pms.customers.push({ Id: `mews-guest-${n}`, FirstName: first, LastName: last.join(' ') || '?' });
      const at = (d: string, hour: number) => `${d}T${String(hour).padStart(2, '0')}:00:00Z`;
      const id = `mews-res-${n}-${kind}`;
      pms.reservations.push({
        Id: id,
        AccountId: `mews-guest-${n}`,
        AssignedResourceId: pms.resources[room]?.Id ?? '',
        State: kind === 'arriving' ? 'Confirmed' : 'Started',
        ScheduledStartUtc: kind === 'arriving' ? at(day, hourUtc) : at(addDays(day, -3), 7),
        ScheduledEndUtc: kind === 'departing' ? at(day, hourUtc) : at(addDays(day, 2), 4),
      });
      return id;
    },
    checkOut: (id) => {
      const r = pms.reservations.find((x) => x.Id === id);
      // An hour ago: before the checks of a test app whose clock started minutes ago.
      const hourAgo = new Date(Math.floor(Date.now() / 1000) * 1000 - 3600_000).toISOString();
      if (r) Object.assign(r, { State: 'Processed', ActualEndUtc: hourAgo.replace(/\.\d{3}Z$/, 'Z') });
    },
    checkIn: (id) => {
      const r = pms.reservations.find((x) => x.Id === id);
      if (r) Object.assign(r, { State: 'Started', ActualEndUtc: undefined });
    },
    posted: () =>
      pms.orders.map((order) => {
        const items = pms.items.filter((i) => i.OrderId === order.OrderId);
        return {
          reference: items[0]?.ExternalIdentifier?.split('/')[0] ?? null,
          voided: items.every((i) => i.CanceledUtc !== null),
          lines: items.map((i) => ({
            code: i.ExternalIdentifier?.split('/')[2] ?? '',
            name: i.Name,
            quantity: i.UnitCount,
            total: Math.round((i.UnitAmount.GrossValue ?? 0) * i.UnitCount * 100) / 100,
            tax: i.UnitAmount.TaxCodes[0] ?? null,
            vat: null,
          })),
        };
      }),
    ...controls(pms, 'orders/add'),
  };
}

export const standIns: { label: string; start: () => Promise<PmsUnderTest> }[] = [
  { label: 'Cloudbeds', start: cloudbeds },
  { label: 'Mews', start: mews },
];
