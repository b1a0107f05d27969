import type { Dispatcher } from 'undici';
import { addDays } from '../../shared/local-days';
import type { PmsRoomOption } from '../../shared/pms-types';
import {
  currencyWarning,
  departedWithinMs,
  type InHouse,
  type PmsAdapter,
  type PmsAnswer,
  type PmsSettings,
  type PmsStay,
  pmsCurrency,
} from './pms-adapter';
import { pmsLater, pmsRequest } from './pms-request';

/**
 * Cloudbeds' PMS API v1.3 (tests/pms/vendor/cloudbeds/pms-v1.3-used.json, the operations we use cut from
 * cloudbeds/openapi-specs unchanged): `x-api-key` in a header, GET with a query, POST as
 * application/x-www-form-urlencoded, every answer `{success, data | message}`. Only fields that document
 * defines are sent; tests/pms/cloudbeds.test.ts validates every request against it.
 */

type Form = Record<string, unknown>;

/** PHP-style form fields, as Cloudbeds reads arrays of objects: `items[0][itemName]=…`. */
export function formOf(value: Form): string {
  const pairs: string[] = [];
  const add = (key: string, v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) for (const [i, item] of v.entries()) add(`${key}[${i}]`, item);
    else if (typeof v === 'object') for (const [k, inner] of Object.entries(v)) add(`${key}[${k}]`, inner);
    else pairs.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(v))}`);
  };
  for (const [key, v] of Object.entries(value)) add(key, v);
  return pairs.join('&');
}

const baht = (satang: number) => Math.round(satang) / 100;

/** Pages read at most (getRooms at 100 a page: 5,000 rooms; getReservations: 5,000 reservations). */
const pagesMax = 50;
/** getReservations' "Max = 100"; getRooms states no maximum, so the same. */
const pageSize = 100;

type ReservationStatus = 'confirmed' | 'checked_in' | 'checked_out';

interface CloudbedsReservation {
  reservationID?: string;
  guestName?: string;
  startDate?: string;
  endDate?: string;
  rooms?: {
    roomID?: string;
    guestName?: string;
    roomCheckIn?: string;
    roomCheckOut?: string;
    roomStatus?: string;
  }[];
}

interface CloudbedsAnswer {
  success?: boolean;
  message?: string;
  data?: unknown;
}

/**
 * `dispatcher`: the connections' address rules (the webhooks' own, `pmsDispatcher` in pms-poster.ts): an owner
 * or manager types the API URL, and it must not reach what a webhook may not (the machine, its network, a cloud's
 * metadata) unless WEBHOOK_ALLOWED_HOSTS names it.
 */
export function createCloudbedsAdapter(settings: PmsSettings, dispatcher?: Dispatcher): PmsAdapter {
  const base = settings.apiUrl.replace(/\/+$/, '');
  const property = settings.propertyId ? { propertyID: settings.propertyId } : {};

  async function call(
    method: 'GET' | 'POST',
    operation: string,
    params: Form,
  ): Promise<PmsAnswer<CloudbedsAnswer & { success: true }>> {
    const form = formOf(params);
    const url = method === 'GET' && form ? `${base}/${operation}?${form}` : `${base}/${operation}`;
    const sent = await pmsRequest('Cloudbeds', url, {
      method,
      dispatcher,
      headers: {
        'x-api-key': settings.credentials.apiKey ?? '',
        accept: 'application/json',
        ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(method === 'POST' ? { body: form } : {}),
    });
    if (!sent.ok) return sent;
    const { status, text } = sent.value;
    let answer: CloudbedsAnswer = {};
    try {
      answer = JSON.parse(text) as CloudbedsAnswer;
    } catch {
      // Not JSON: the status decides below.
    }
    const said = typeof answer.message === 'string' && answer.message ? answer.message : `HTTP ${status}`;
    if (status === 401 || status === 403)
      return { ok: false, failure: 'credentials', reason: `Cloudbeds refused the API key: ${said}` };
    if (status === 429 || status >= 500) return pmsLater('Cloudbeds', sent.value, said);
    if (status < 200 || status >= 300 || answer.success !== true)
      return { ok: false, failure: 'refused', reason: `Cloudbeds: ${said}` };
    return { ok: true, value: answer as CloudbedsAnswer & { success: true } };
  }

  return {
    kind: 'cloudbeds',

    async test() {
      const answer = await call(
        'GET',
        'getHotels',
        settings.propertyId ? { propertyIDs: settings.propertyId } : {},
      );
      if (!answer.ok) return answer;
      const hotels = (answer.value.data ?? []) as {
        propertyName?: string;
        propertyID?: string;
        propertyCurrency?: { currencyCode?: string }[];
      }[];
      const names = hotels.map((h) => `${h.propertyName ?? '?'} (${h.propertyID ?? '?'})`).join(', ');
      if (!names) return { ok: true, value: 'Connected; the API key sees no property' };
      const currencies = hotels.flatMap((h) => (h.propertyCurrency ?? []).map((c) => c.currencyCode ?? '?'));
      const other = currencies.length > 0 && !currencies.includes(pmsCurrency);
      return {
        ok: true,
        value: `Connected to ${names}${other ? currencyWarning('Cloudbeds', currencies.join(', ')) : ''}`,
      };
    },

    async rooms() {
      // Page by page: the document does not say whether getRooms pages the properties or their rooms (its
      // `count` is "properties returned"), so every page is read until one brings no room not seen.
      const rooms = new Map<string, PmsRoomOption>();
      for (let page = 1; page <= pagesMax; page++) {
        const answer = await call('GET', 'getRooms', {
          ...(settings.propertyId ? { propertyIDs: settings.propertyId } : {}),
          pageNumber: page,
          pageSize,
        });
        if (!answer.ok) return answer;
        const properties = (answer.value.data ?? []) as {
          rooms?: { roomID?: string; roomName?: string }[];
        }[];
        const before = rooms.size;
        for (const property of properties)
          for (const room of property.rooms ?? [])
            if (room.roomID)
              rooms.set(room.roomID, { roomId: room.roomID, roomName: room.roomName ?? room.roomID });
        if (rooms.size === before) break;
      }
      return { ok: true, value: [...rooms.values()] };
    },

    async inHouse(roomId) {
      const answer = await call('GET', 'getReservations', {
        ...property,
        status: 'checked_in',
        roomID: roomId,
      });
      if (!answer.ok) return answer;
      const found = (answer.value.data ?? []) as {
        reservationID?: string;
        subReservationID?: string | null;
      }[];
      const first = found.find((r) => r.reservationID);
      const value: InHouse | null = first?.reservationID
        ? { reservationId: first.reservationID, roomPartId: first.subReservationID ?? null, accountId: null }
        : null;
      return { ok: true, value };
    },

    async departed(roomId, at) {
      // The day it was checked out, in the property's days: the check's day or the one before.
      const day = at.slice(0, 10);
      const since = new Date(Date.parse(at) - departedWithinMs).toISOString().slice(0, 10);
      const answer = await call('GET', 'getReservations', {
        ...property,
        status: 'checked_out',
        roomID: roomId,
        checkOutFrom: since,
        checkOutTo: addDays(day, 1),
      });
      if (!answer.ok) return answer;
      const found = (answer.value.data ?? []) as {
        reservationID?: string;
        subReservationID?: string | null;
        endDate?: string;
      }[];
      const last = found
        .filter((r) => r.reservationID)
        .sort((a, b) => (b.endDate ?? '').localeCompare(a.endDate ?? ''))[0];
      return {
        ok: true,
        value: last?.reservationID
          ? { reservationId: last.reservationID, roomPartId: last.subReservationID ?? null, accountId: null }
          : null,
      };
    },

    async day({ day }) {
      // getReservations by its date filters and status, every page, each reservation's rooms with it.
      const read = async (filter: Form, checkedIn: boolean): Promise<PmsAnswer<PmsStay[]>> => {
        const stays: PmsStay[] = [];
        for (let page = 1; page <= pagesMax; page++) {
          const answer = await call('GET', 'getReservations', {
            ...property,
            ...filter,
            includeAllRooms: true,
            pageNumber: page,
            pageSize,
          });
          if (!answer.ok) return answer;
          const found = (answer.value.data ?? []) as CloudbedsReservation[];
          for (const r of found)
            for (const room of r.rooms ?? [])
              if (r.reservationID && room.roomID && room.roomStatus !== 'cancelled')
                stays.push({
                  roomId: room.roomID,
                  reservationId: r.reservationID,
                  guestName: room.guestName || r.guestName || null,
                  from: room.roomCheckIn || r.startDate || day,
                  to: room.roomCheckOut || r.endDate || day,
                  checkedIn,
                });
          if (found.length < pageSize) break;
        }
        return { ok: true, value: stays };
      };
      const by = (status: ReservationStatus, dates: Form = {}) =>
        read({ status, ...dates }, status === 'checked_in');
      const leaving = { checkOutFrom: day, checkOutTo: day };
      const stillIn = await by('checked_in', leaving);
      if (!stillIn.ok) return stillIn;
      const left = await by('checked_out', leaving);
      if (!left.ok) return left;
      const inHouse = await by('checked_in');
      if (!inHouse.ok) return inHouse;
      const arrivals = await by('confirmed', { checkInFrom: day, checkInTo: day });
      if (!arrivals.ok) return arrivals;
      const departing = new Set(stillIn.value.map((s) => `${s.reservationId} ${s.roomId}`));
      return {
        ok: true,
        value: {
          departures: [...stillIn.value, ...left.value],
          inHouse: inHouse.value.filter((s) => !departing.has(`${s.reservationId} ${s.roomId}`)),
          arrivals: arrivals.value,
        },
      };
    },

    async post(post) {
      const answer = await call('POST', 'postCustomItem', {
        ...property,
        reservationID: post.reservationId,
        ...(post.roomPartId ? { subReservationID: post.roomPartId } : { roomID: post.roomId }),
        referenceID: post.reference,
        saleDate: post.saleDate,
        // No appItemID: Cloudbeds keeps the first name and description sent with one ("Future calls using the
        // same ID will use previously sent item name"), so a renamed drink would keep its old name on every
        // folio. The SKU carries our item code (docs/decisions/240-cloudbeds-items-by-sku.md).
        items: post.lines.map((line) => ({
          itemSKU: line.itemCode,
          itemName: line.name,
          itemQuantity: line.quantity,
          itemPrice: baht(line.unitPrice),
          ...(line.vat > 0 ? { itemTaxes: [{ taxName: post.vatName, taxValue: baht(line.vat) }] } : {}),
        })),
      });
      if (!answer.ok) return answer;
      const data = (answer.value.data ?? {}) as { soldProductID?: string; transactionID?: string };
      const id = data.soldProductID ?? data.transactionID;
      if (!id) return { ok: false, failure: 'refused', reason: 'Cloudbeds answered without a soldProductID' };
      return { ok: true, value: id };
    },

    async void(reservationId, postingId) {
      const answer = await call('POST', 'postVoidItem', {
        ...property,
        reservationID: reservationId,
        soldProductID: postingId,
      });
      if (!answer.ok) return answer;
      return { ok: true, value: undefined };
    },
  };
}
