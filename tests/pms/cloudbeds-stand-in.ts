import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OpenApiCheck, openApiCheck } from './openapi-check';

/**
 * A stand-in for Cloudbeds' PMS API v1.3: a real HTTP server that answers the five operations we use
 * (getHotels, getRooms, getReservations, postCustomItem, postVoidItem) as the pinned document
 * (vendor/cloudbeds/pms-v1.3-used.json) defines them, and nothing else. Every request is checked against the
 * document (strictly: a field it does not name is a problem) and so is every answer; a test ends by asserting
 * `problems` is empty.
 *
 * What it reproduces of the documented behaviour: the `x-api-key` header (the document's security scheme); a
 * `status=checked_in` and `roomID` filter on getReservations, answering the room's `subReservationID`;
 * postCustomItem's `referenceID` deduplication ("If exist then Cloudbeds will prevent adding of duplicates":
 * the same soldProductID again, with `notice`); postVoidItem of a soldProductID, once.
 */

export const cloudbedsDocument = 'tests/pms/vendor/cloudbeds/pms-v1.3-used.json';

const startOf = (r: { startDate?: string }) => r.startDate ?? '2026-01-05';
const endOf = (r: { endDate?: string }) => r.endDate ?? '2026-12-31';
/** A reservation's status as its room's `roomStatus` (the answer's `rooms[]` with includeAllRooms). */
const roomStatusOf = {
  checked_in: 'in_house',
  confirmed: 'not_checked_in',
  checked_out: 'checked_out',
} as const;
const base = '/api/v1.3';

export interface StandInReservation {
  reservationID: string;
  guestName: string;
  roomID: string;
  subReservationID: string;
  status: 'checked_in' | 'confirmed' | 'checked_out';
  /** Check-in and check-out days (YYYY-MM-DD); a stay across this year when left out. */
  startDate?: string;
  endDate?: string;
}

/** getRooms' and getReservations' page sizes when none is asked for, as the document gives them. */
const roomsPageDefault = 20;
const reservationsPageDefault = 100;
const reservationsPageMax = 100;

export interface FolioItem {
  soldProductID: string;
  reservationID: string;
  referenceID: string | null;
  items: {
    appItemID?: string;
    itemSKU?: string;
    itemName?: string;
    itemQuantity?: number;
    itemPrice?: number;
    itemTaxes?: { taxName?: string; taxValue?: number }[];
  }[];
  voided: boolean;
}

export interface CloudbedsStandIn {
  url: string;
  apiKey: string;
  rooms: { roomID: string; roomName: string }[];
  reservations: StandInReservation[];
  /** Every post, voided or not, in order. */
  folio: FolioItem[];
  /** Requests and answers that the document does not allow. */
  problems: string[];
  /** Every request's operation, in order. */
  calls: string[];
  /** Every request as it came: method, operation and query or form (never the API key, which is a header). */
  requests: string[];
  /** Set: every request is answered 503 (the PMS down). */
  down: boolean;
  /** The next postCustomItem is refused with this message. */
  refuseNext: string | null;
  /** The most rooms a getRooms page holds, whatever pageSize asks (the document states no maximum). */
  roomsPageMax: number;
  /** The property's currency, as getHotels answers it (`propertyCurrency`). */
  currency: string;
  /** Each appItemID's name as first posted: what the folio shows for it ever after, as the document says. */
  itemNames: Map<string, string>;
  close(): Promise<void>;
}

/** `rooms`: how many rooms beyond the three named ones ("Bungalow 14" on), to read page by page. */
export async function startCloudbedsStandIn(
  options: { apiKey?: string; rooms?: number } = {},
): Promise<CloudbedsStandIn> {
  const check: OpenApiCheck = await openApiCheck(cloudbedsDocument);
  let sold = 0;
  const state: Omit<CloudbedsStandIn, 'url' | 'close'> = {
    apiKey: options.apiKey ?? 'cb-test-key-0123456789',
    rooms: [
      { roomID: '501-1', roomName: '11' },
      { roomID: '501-2', roomName: 'Bungalow 12' },
      { roomID: '501-3', roomName: 'Bungalow 13' },
      ...Array.from({ length: Math.max(0, (options.rooms ?? 3) - 3) }, (_, i) => ({
        roomID: `501-${i + 4}`,
        roomName: `Bungalow ${i + 14}`,
      })),
    ],
    reservations: [],
    folio: [],
    problems: [],
    calls: [],
    requests: [],
    down: false,
    refuseNext: null,
    roomsPageMax: Number.POSITIVE_INFINITY,
    currency: 'THB',
    itemNames: new Map(),
  };

  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const answer = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      if (!url.pathname.startsWith(`${base}/`)) return answer(404, { success: false, message: 'Not found' });
      const path = url.pathname.slice(base.length);
      state.calls.push(path.slice(1));
      state.requests.push(`${req.method} ${path.slice(1)}${url.search}${body ? ` ${body}` : ''}`);
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const query = Object.fromEntries(url.searchParams);
      const checked = check.request({ method: req.method ?? 'GET', path, query, headers, body });
      for (const problem of checked.problems) state.problems.push(`${req.method} ${path}: ${problem}`);
      if (!checked.operation) return answer(404, { success: false, message: 'Not found' });
      const operation = checked.operation;
      const reply = (value: unknown) => {
        for (const problem of check.response(operation, 200, value))
          state.problems.push(`${req.method} ${path}: ${problem}`);
        answer(200, value);
      };
      if (state.down) return answer(503, { success: false, message: 'Service unavailable' });
      if (headers['x-api-key'] !== state.apiKey)
        return answer(401, { success: false, message: 'Invalid API key' });
      const form = (checked.body ?? {}) as Record<string, unknown>;

      switch (path) {
        case '/getHotels':
          return reply({
            success: true,
            data: [
              {
                propertyID: '501',
                propertyName: 'Stand-in Beach Resort',
                propertyTimezone: 'Asia/Bangkok',
                propertyCurrency: [
                  {
                    currencyCode: state.currency,
                    currencySymbol: state.currency,
                    currencyPosition: 'before',
                  },
                ],
              },
            ],
            count: 1,
            total: 1,
          });
        case '/getRooms': {
          // Paged by the document's pageNumber and pageSize (default 20): the rooms, a page at a time.
          const size = Math.min(Number(query.pageSize ?? roomsPageDefault), state.roomsPageMax);
          const from = (Number(query.pageNumber ?? 1) - 1) * size;
          const rooms = state.rooms.slice(from, from + size);
          return reply({
            success: true,
            data:
              rooms.length > 0
                ? [{ propertyID: '501', rooms: rooms.map((r) => ({ ...r, roomTypeName: 'Bungalow' })) }]
                : [],
            count: rooms.length > 0 ? 1 : 0,
            total: 1,
          });
        }
        case '/getReservations': {
          // "CheckIn/checkOut dates OR status are required" with roomID.
          const dated = ['checkInFrom', 'checkInTo', 'checkOutFrom', 'checkOutTo'].some((k) => query[k]);
          if (query.roomID && !query.status && !dated)
            return reply({ success: false, message: 'roomID needs a status or dates' });
          const within = (day: string, from?: string, to?: string) =>
            (!from || day >= from) && (!to || day <= to);
          const found = state.reservations.filter(
            (r) =>
              (!query.status || r.status === query.status) &&
              (!query.roomID || r.roomID === query.roomID) &&
              within(startOf(r), query.checkInFrom, query.checkInTo) &&
              within(endOf(r), query.checkOutFrom, query.checkOutTo),
          );
          const size = Math.min(Number(query.pageSize ?? reservationsPageDefault), reservationsPageMax);
          const from = (Number(query.pageNumber ?? 1) - 1) * size;
          const page = found.slice(from, from + size);
          const roomOf = (r: StandInReservation) => state.rooms.find((room) => room.roomID === r.roomID);
          return reply({
            success: true,
            data: page.map((r) => ({
              propertyID: '501',
              reservationID: r.reservationID,
              status: r.status,
              guestName: r.guestName,
              startDate: startOf(r),
              endDate: endOf(r),
              ...(query.roomID ? { subReservationID: r.subReservationID } : {}),
              ...(query.includeAllRooms === 'true'
                ? {
                    rooms: [
                      {
                        subReservationID: r.subReservationID,
                        guestName: r.guestName,
                        roomID: r.roomID,
                        roomName: roomOf(r)?.roomName ?? null,
                        roomCheckIn: startOf(r),
                        roomCheckOut: endOf(r),
                        roomStatus: roomStatusOf[r.status],
                      },
                    ],
                  }
                : {}),
            })),
            count: page.length,
            total: found.length,
          });
        }
        case '/postCustomItem': {
          if (state.refuseNext) {
            const message = state.refuseNext;
            state.refuseNext = null;
            return reply({ success: false, message });
          }
          const reservation = state.reservations.find((r) => r.reservationID === form.reservationID);
          if (!reservation) return reply({ success: false, message: 'Reservation not found' });
          const referenceID = typeof form.referenceID === 'string' ? form.referenceID : null;
          const again = referenceID ? state.folio.find((f) => f.referenceID === referenceID) : undefined;
          if (again)
            return reply({
              success: true,
              data: {
                soldProductID: again.soldProductID,
                transactionID: `T${again.soldProductID}`,
                notice: 'referenceID already posted: nothing was created',
              },
            });
          const soldProductID = `SP${++sold}`;
          // An appItemID keeps the name it was first posted with ("Item name/description sent in new request
          // will be ignored").
          const items = ((form.items ?? []) as FolioItem['items']).map((item) => {
            if (!item.appItemID) return item;
            const first = state.itemNames.get(item.appItemID);
            if (first === undefined) state.itemNames.set(item.appItemID, item.itemName ?? '');
            return { ...item, itemName: first ?? item.itemName };
          });
          state.folio.push({
            soldProductID,
            reservationID: reservation.reservationID,
            referenceID,
            items,
            voided: false,
          });
          return reply({ success: true, data: { soldProductID, transactionID: `T${soldProductID}` } });
        }
        case '/postVoidItem': {
          const item = state.folio.find(
            (f) => f.soldProductID === form.soldProductID && f.reservationID === form.reservationID,
          );
          if (!item || item.voided)
            return reply({ success: false, message: 'Item not found or already voided' });
          item.voided = true;
          return reply({ success: true });
        }
        default:
          return answer(404, { success: false, message: 'Not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn = state as CloudbedsStandIn;
  standIn.url = `http://127.0.0.1:${port}${base}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
