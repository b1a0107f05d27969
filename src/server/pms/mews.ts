import type { Dispatcher } from 'undici';
import type { PmsRoomOption } from '../../shared/pms-types';
import {
  currencyWarning,
  departedWithinMs,
  type PmsAdapter,
  type PmsAnswer,
  type PmsSettings,
  type PmsStay,
  pmsCurrency,
} from './pms-adapter';
import { pmsLater, pmsRequest } from './pms-request';

/**
 * Mews' Connector API (tests/pms/vendor/mews/connector-used.json, derived from Mews' generated reference in
 * MewsSystems/open-api-docs): every operation a POST of JSON to `[PlatformAddress]/api/connector/v1/…` with
 * `ClientToken`, `AccessToken` and `Client` in the body; errors `{Message}` with 400 (invalid parameter), 401
 * (the tokens), 403 (a business rule, to show to the user), 408/429/5xx (later). Only fields that document
 * defines are sent; tests/pms/mews-stand-in.ts validates every request against it.
 *
 * Mews' `orders/add` has no key it deduplicates on, so each item carries our reference in its
 * `ExternalIdentifier` (`FC-12/1/CHANG`) and a post first looks for the account's items with that reference:
 * a post repeated after an answer that never came finds the first and adds nothing
 * (docs/decisions/202-mews-adapter.md).
 */

/** `Client`: "Name and version of the client application". */
export const mewsClient = 'Fridge Check 1.0.0';
/** Our prices are baht: the enterprise must accept THB (configuration `Currencies`). */
export const mewsCurrency = pmsCurrency;
const apiPath = '/api/connector/v1';
/** Pages (`Limitation.Count`, at most 1000) and how many pages a read follows at most. */
const pageSize = 1000;
const pagesMax = 20;
/** `customers/getAll`: `CustomerIds` "max 1000 items". */
const customersBatch = 1000;
/** `orderItems/cancel`: `OrderItemIds` "max 10 items". */
const cancelBatch = 10;

type Body = Record<string, unknown>;

interface OrderItem {
  Id?: string;
  ServiceOrderId?: string;
  ExternalIdentifier?: string | null;
  CanceledUtc?: string | null;
  AccountingState?: string;
}

const baht = (satang: number) => Math.round(satang) / 100;

/** An instant in whole seconds, as Mews' serialization guideline writes its date-times (`2026-01-05T08:00:00Z`). */
export const wholeSeconds = (iso: string) =>
  new Date(Math.floor(Date.parse(iso) / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface MewsReservation {
  Id?: string;
  /** "The Customer or Company who owns the reservation, i.e. the main guest" (`AccountType` says which). */
  AccountId?: string;
  AccountType?: string;
  State?: string;
  AssignedResourceId?: string;
  ScheduledStartUtc?: string;
  ScheduledEndUtc?: string;
  ActualEndUtc?: string;
}

/** The prefix of the `ExternalIdentifier`s of one post's items. */
export const referencePrefix = (reference: string) => `${reference}/`;

export function createMewsAdapter(settings: PmsSettings, dispatcher?: Dispatcher): PmsAdapter {
  const base = settings.apiUrl.replace(/\/+$/, '');

  async function call(operation: string, body: Body): Promise<PmsAnswer<Body>> {
    const sent = await pmsRequest('Mews', `${base}${apiPath}/${operation}`, {
      method: 'POST',
      dispatcher,
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        ClientToken: settings.credentials.clientToken ?? '',
        AccessToken: settings.credentials.accessToken ?? '',
        Client: mewsClient,
        ...body,
      }),
    });
    if (!sent.ok) return sent;
    const { status, text } = sent.value;
    let answer: Body = {};
    try {
      answer = JSON.parse(text) as Body;
    } catch {
      // Not JSON (a proxy's page): the status decides below.
    }
    const said = typeof answer.Message === 'string' && answer.Message ? answer.Message : `HTTP ${status}`;
    if (status === 401)
      return { ok: false, failure: 'credentials', reason: `Mews refused the tokens: ${said}` };
    // 408: "heavy request that takes too long"; 409: "the data has changed … resubmit": both are worth a retry.
    if (status === 408 || status === 409 || status === 429 || status >= 500)
      return pmsLater('Mews', sent.value, said);
    if (status < 200 || status >= 300) return { ok: false, failure: 'refused', reason: `Mews: ${said}` };
    return { ok: true, value: answer };
  }

  /** Every page of a `getAll` (Limitation and Cursor, guidelines/pagination.md). */
  async function all<T>(operation: string, body: Body, key: string): Promise<PmsAnswer<T[]>> {
    const found: T[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < pagesMax; page++) {
      const answer = await call(operation, {
        ...body,
        Limitation: { Count: pageSize, ...(cursor ? { Cursor: cursor } : {}) },
      });
      if (!answer.ok) return answer;
      const items = (answer.value[key] ?? []) as T[];
      found.push(...items);
      cursor = typeof answer.value.Cursor === 'string' ? answer.value.Cursor : null;
      if (items.length < pageSize || !cursor) break;
    }
    return { ok: true, value: found };
  }

  /**
   * The customers' names (`FirstName` optional, `LastName` required), by id: customers/getAll with `CustomerIds`
   * (at most 1000 a request) and only the customers' extent, every page.
   */
  async function customerNames(ids: string[]): Promise<PmsAnswer<Map<string, string>>> {
    const names = new Map<string, string>();
    for (let i = 0; i < ids.length; i += customersBatch) {
      const found = await all<{ Id?: string; FirstName?: string | null; LastName?: string | null }>(
        'customers/getAll',
        { CustomerIds: ids.slice(i, i + customersBatch), Extent: { Customers: true } },
        'Customers',
      );
      if (!found.ok) return found;
      for (const c of found.value) {
        const name = [c.FirstName, c.LastName].filter((part) => part?.trim()).join(' ');
        if (c.Id && name) names.set(c.Id, name);
      }
    }
    return { ok: true, value: names };
  }

  const live = (item: OrderItem) => !item.CanceledUtc && item.AccountingState !== 'Canceled';

  return {
    kind: 'mews',

    async test() {
      const answer = await call('configuration/get', {});
      if (!answer.ok) return answer;
      const enterprise = (answer.value.Enterprise ?? {}) as {
        Name?: string;
        Id?: string;
        Currencies?: { Currency?: string; IsDefault?: boolean; IsEnabled?: boolean }[];
      };
      const connected = `Connected to ${enterprise.Name ?? '?'} (${enterprise.Id ?? '?'})`;
      // Items in baht need an enterprise that accepts baht (its currencies, enabled).
      const accepted = (enterprise.Currencies ?? []).filter((c) => c.IsEnabled !== false);
      if (accepted.length === 0 || accepted.some((c) => c.Currency === mewsCurrency))
        return { ok: true, value: connected };
      const shown = accepted.find((c) => c.IsDefault) ?? accepted[0];
      return { ok: true, value: `${connected}${currencyWarning('Mews', shown?.Currency ?? '?')}` };
    },

    async rooms() {
      const answer = await all<{ Id?: string; Name?: string; IsActive?: boolean }>(
        'resources/getAll',
        { Extent: { Resources: true } },
        'Resources',
      );
      if (!answer.ok) return answer;
      const rooms: PmsRoomOption[] = [];
      for (const resource of answer.value)
        if (resource.Id && resource.IsActive !== false)
          rooms.push({ roomId: resource.Id, roomName: resource.Name ?? resource.Id });
      return { ok: true, value: rooms };
    },

    async inHouse(roomId) {
      // Started: "Checked in" (Service order state).
      const answer = await call('reservations/getAll/2023-06-06', {
        AssignedResourceIds: [roomId],
        States: ['Started'],
        Limitation: { Count: 10 },
      });
      if (!answer.ok) return answer;
      const found = (answer.value.Reservations ?? []) as { Id?: string; AccountId?: string }[];
      const first = found.find((r) => r.Id && r.AccountId);
      return {
        ok: true,
        value: first?.Id
          ? { reservationId: first.Id, roomPartId: null, accountId: first.AccountId ?? null }
          : null,
      };
    },

    async departed(roomId, at) {
      // Processed: "Checked out" (Service order state), by its actual end.
      const answer = await call('reservations/getAll/2023-06-06', {
        AssignedResourceIds: [roomId],
        States: ['Processed'],
        ActualEndUtc: {
          StartUtc: wholeSeconds(new Date(Date.parse(at) - departedWithinMs).toISOString()),
          EndUtc: wholeSeconds(at),
        },
        Limitation: { Count: 10 },
      });
      if (!answer.ok) return answer;
      const found = ((answer.value.Reservations ?? []) as MewsReservation[])
        .filter((r) => r.Id && r.AccountId)
        .sort((a, b) => (b.ActualEndUtc ?? '').localeCompare(a.ActualEndUtc ?? ''));
      const last = found[0];
      return {
        ok: true,
        value: last?.Id
          ? { reservationId: last.Id, roomPartId: null, accountId: last.AccountId ?? null }
          : null,
      };
    },

    async day({ day, startUtc, endUtc }) {
      // reservations/getAll/2023-06-06 by its scheduled start and end filters and states, every page.
      const window = { StartUtc: wholeSeconds(startUtc), EndUtc: wholeSeconds(endUtc) };
      const read = (filter: Body) =>
        all<MewsReservation>('reservations/getAll/2023-06-06', filter, 'Reservations');
      // Started: checked in; Processed: checked out; Confirmed: booked, not arrived.
      const departures = await read({ ScheduledEndUtc: window, States: ['Started', 'Processed'] });
      if (!departures.ok) return departures;
      const started = await read({ States: ['Started'] });
      if (!started.ok) return started;
      const arrivals = await read({ ScheduledStartUtc: window, States: ['Confirmed'] });
      if (!arrivals.ok) return arrivals;
      // A reservation carries its owner's account, not a name: the customers' names by their ids.
      const owners = [...departures.value, ...started.value, ...arrivals.value].flatMap((r) =>
        r.AccountId && (r.AccountType ?? 'Customer') === 'Customer' ? [r.AccountId] : [],
      );
      const names = await customerNames([...new Set(owners)]);
      if (!names.ok) return names;
      const stays = (found: MewsReservation[]): PmsStay[] =>
        found.flatMap((r) =>
          r.Id && r.AssignedResourceId
            ? [
                {
                  roomId: r.AssignedResourceId,
                  reservationId: r.Id,
                  guestName: (r.AccountId && names.value.get(r.AccountId)) || null,
                  from: r.ScheduledStartUtc ?? day,
                  to: r.ScheduledEndUtc ?? day,
                  checkedIn: r.State === 'Started',
                },
              ]
            : [],
        );
      const leaving = new Set(departures.value.map((r) => r.Id));
      return {
        ok: true,
        value: {
          departures: stays(departures.value),
          inHouse: stays(started.value.filter((r) => !leaving.has(r.Id))),
          arrivals: stays(arrivals.value),
        },
      };
    },

    async post(post) {
      if (!settings.serviceId)
        return {
          ok: false,
          failure: 'refused',
          reason: 'No Mews service is set: set the service ID in Integrations',
        };
      if (!post.accountId)
        return { ok: false, failure: 'refused', reason: 'Mews gave no account for the reservation' };
      // Every item's amount names its tax rate (`TaxCodes` is required, and an empty list is no rate): without a
      // code nothing is sent (docs/decisions/241-mews-tax-code-always.md).
      const taxed = post.lines.some((line) => line.vat > 0);
      if (!settings.taxCode)
        return {
          ok: false,
          failure: 'refused',
          reason: taxed
            ? 'No Mews tax rate code is set for VAT: set it in Integrations'
            : "No Mews tax rate code is set: Mews needs one on every item (the enterprise's zero rate when no VAT is charged); set it in Integrations",
        };
      const taxCode = settings.taxCode;
      // Posted before under this reference (an answer that never came): that order, not a second one.
      const prefix = referencePrefix(post.reference);
      const existing = await all<OrderItem>(
        'orderItems/getAll',
        { AccountIds: [post.accountId], ServiceIds: [settings.serviceId] },
        'OrderItems',
      );
      if (!existing.ok) return existing;
      const before = existing.value.find(
        (item) => live(item) && item.ExternalIdentifier?.startsWith(prefix) && item.ServiceOrderId,
      );
      if (before?.ServiceOrderId) return { ok: true, value: before.ServiceOrderId };

      const answer = await call('orders/add', {
        ServiceId: settings.serviceId,
        AccountId: post.accountId,
        LinkedReservationId: post.reservationId,
        ConsumptionUtc: wholeSeconds(post.saleDate),
        Notes: `Fridge Check ${post.reference}`,
        // Each line stays an item of its own, with its ExternalIdentifier.
        Options: { DisableItemGrouping: true },
        Items: post.lines.map((line, i) => ({
          Name: line.name,
          UnitCount: line.quantity,
          // The price as charged, VAT included, and the rate's code: Mews works the net out ("only one tax
          // when sending GrossValue", which is ours).
          UnitAmount: {
            Currency: mewsCurrency,
            GrossValue: baht(line.unitGross),
            TaxCodes: [taxCode],
          },
          ExternalIdentifier: `${prefix}${i + 1}/${line.itemCode}`,
        })),
      });
      if (!answer.ok) return answer;
      const id = answer.value.OrderId;
      if (typeof id !== 'string' || !id)
        return { ok: false, failure: 'refused', reason: 'Mews answered without an OrderId' };
      return { ok: true, value: id };
    },

    async void(_reservationId, orderId) {
      const items = await all<OrderItem>('orderItems/getAll', { ServiceOrderIds: [orderId] }, 'OrderItems');
      if (!items.ok) return items;
      if (items.value.length === 0)
        return { ok: false, failure: 'refused', reason: `Mews has no items of order ${orderId}` };
      // Items cancelled already (a repeat of this void) are left alone.
      const ids = items.value.filter(live).flatMap((item) => (item.Id ? [item.Id] : []));
      for (let i = 0; i < ids.length; i += cancelBatch) {
        const answer = await call('orderItems/cancel', { OrderItemIds: ids.slice(i, i + cancelBatch) });
        if (!answer.ok) return answer;
      }
      return { ok: true, value: undefined };
    },
  };
}
