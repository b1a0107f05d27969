import type { Dispatcher } from 'undici';
import type { PmsRoomOption } from '../../shared/pms-types';
import type { InHouse, PmsAdapter, PmsAnswer, PmsSettings } from './pms-adapter';
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
      const hotels = (answer.value.data ?? []) as { propertyName?: string; propertyID?: string }[];
      const names = hotels.map((h) => `${h.propertyName ?? '?'} (${h.propertyID ?? '?'})`).join(', ');
      return { ok: true, value: names ? `Connected to ${names}` : 'Connected; the API key sees no property' };
    },

    async rooms() {
      const answer = await call(
        'GET',
        'getRooms',
        settings.propertyId ? { propertyIDs: settings.propertyId } : {},
      );
      if (!answer.ok) return answer;
      const properties = (answer.value.data ?? []) as { rooms?: { roomID?: string; roomName?: string }[] }[];
      const rooms: PmsRoomOption[] = [];
      for (const property of properties)
        for (const room of property.rooms ?? [])
          if (room.roomID) rooms.push({ roomId: room.roomID, roomName: room.roomName ?? room.roomID });
      return { ok: true, value: rooms };
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

    async post(post) {
      const answer = await call('POST', 'postCustomItem', {
        ...property,
        reservationID: post.reservationId,
        ...(post.roomPartId ? { subReservationID: post.roomPartId } : { roomID: post.roomId }),
        referenceID: post.reference,
        saleDate: post.saleDate,
        items: post.lines.map((line) => ({
          appItemID: line.itemCode,
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
