import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type OpenApiCheck, openApiCheck } from './openapi-check';

/**
 * A stand-in for Mews' Connector API: a real HTTP server answering the seven operations we use
 * (configuration/get, resources/getAll, reservations/getAll/2023-06-06, customers/getAll, orders/add,
 * orderItems/getAll, orderItems/cancel) as the derived document (vendor/mews/connector-used.json) defines them, and nothing else.
 * Every request is checked against the document strictly (a field it does not name is a problem), and so is
 * every answer (closed too: the stand-in answers no field the document does not name), errors included (`{Message}`, guidelines/responses.md); a test ends by asserting `problems` is
 * empty.
 *
 * What it reproduces of the documented behaviour (MewsSystems/open-api-docs, connector-api/guidelines and
 * operations): POST of JSON only, at the exact address (else 404); `ClientToken`, `AccessToken`, `Client` in the
 * body, 401 when the tokens are not the enterprise's; 400 `Invalid JSON` and 400 `Invalid {Parameter}` for an
 * unknown account, service, reservation or order item; 403 with a message "to be surfaced to the end user" for a
 * business rule (`refuseNext`); 429 with `Retry-After` (`tooManyNext`); reservations filtered by `States` and
 * `AssignedResourceIds`; `Limitation.Count` and `Cursor` paging; orders/add on the account with the reservation
 * linked, "at least one of" the order-item filters, `GrossValue` required in a Gross-pricing enterprise with
 * only one tax code, the enterprise's currencies only, consumption "in the future or within the Editable History
 * Interval" (7 days here); orderItems/cancel of at most 10 items.
 */

export const mewsDocument = 'tests/pms/vendor/mews/connector-used.json';
const base = '/api/connector/v1';
const editableHistoryMs = 7 * 24 * 3600_000;

export interface MewsReservation {
  Id: string;
  AccountId: string;
  AssignedResourceId: string;
  State: 'Confirmed' | 'Started' | 'Processed' | 'Canceled';
  /** Scheduled times (ISO 8601 UTC, whole seconds); a stay across this year when left out. */
  ScheduledStartUtc?: string;
  ScheduledEndUtc?: string;
  /** When it was checked out (Processed). */
  ActualEndUtc?: string;
}

const scheduledStart = '2026-01-05T08:00:00Z';
const scheduledEnd = '2026-12-31T05:00:00Z';
/** Mews' date-times in whole seconds, as guidelines/serialization.md writes them. */
const wholeSecondsUtc = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

export interface MewsCustomer {
  Id: string;
  FirstName?: string;
  LastName: string;
}

export interface MewsItemPosted {
  Id: string;
  OrderId: string;
  AccountId: string;
  ServiceId: string;
  Name: string;
  UnitCount: number;
  UnitAmount: { Currency: string; GrossValue?: number; NetValue?: number; TaxCodes: string[] };
  ExternalIdentifier: string | null;
  CreatedUtc: string;
  ConsumedUtc: string;
  CanceledUtc: string | null;
}

export interface MewsOrder {
  OrderId: string;
  AccountId: string;
  ServiceId: string;
  LinkedReservationId: string | null;
  Notes: string | null;
}

export interface MewsStandIn {
  url: string;
  clientToken: string;
  accessToken: string;
  enterpriseId: string;
  /** The bar's service, the one orders are added to. */
  serviceId: string;
  /** The stand-in enterprise's tax rate code for Thai VAT, and its rate. */
  taxCode: string;
  resources: { Id: string; Name: string }[];
  reservations: MewsReservation[];
  /** The reservations' owners (their `AccountId`s), as customers/getAll answers them. */
  customers: MewsCustomer[];
  orders: MewsOrder[];
  /** Every item added, cancelled or not, in order. */
  items: MewsItemPosted[];
  problems: string[];
  /** Every request's operation, in order. */
  calls: string[];
  /** Every request as it came: operation and body, without the tokens. */
  requests: string[];
  /** Set: every request is answered 503. */
  down: boolean;
  /** The next orders/add is refused (403) with this message. */
  refuseNext: string | null;
  /** The next request is answered 429 with Retry-After: 1. */
  tooManyNext: boolean;
  /** The enterprise's accepted currency (configuration/get's `Currencies`). */
  currency: string;
  close(): Promise<void>;
}

const taxRates: Record<string, number> = { 'TH-S': 0.07 };
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Mews' `Amount` of a unit amount as posted: net, gross, the tax values and their breakdown. */
function amountOf(unit: MewsItemPosted['UnitAmount'], count = 1) {
  const code = unit.TaxCodes[0];
  const rate = code ? (taxRates[code] ?? 0) : 0;
  const gross = round2((unit.GrossValue ?? (unit.NetValue ?? 0) * (1 + rate)) * count);
  const net = round2(gross / (1 + rate));
  const tax = round2(gross - net);
  return {
    Currency: unit.Currency,
    NetValue: net,
    GrossValue: gross,
    TaxValues: code ? [{ Code: code, Value: tax }] : [],
    Breakdown: { Items: [{ ...(code ? { TaxRateCode: code } : {}), NetValue: net, TaxValue: tax }] },
  };
}

export async function startMewsStandIn(): Promise<MewsStandIn> {
  const check: OpenApiCheck = await openApiCheck(mewsDocument, { closedAnswers: true });
  const created = '2026-01-05T08:00:00Z';
  const state: Omit<MewsStandIn, 'url' | 'close'> = {
    clientToken: `CT-${randomUUID()}`,
    accessToken: `AT-${randomUUID()}`,
    enterpriseId: randomUUID(),
    serviceId: randomUUID(),
    taxCode: 'TH-S',
    resources: [
      { Id: randomUUID(), Name: '11' },
      { Id: randomUUID(), Name: 'Bungalow 12' },
      { Id: randomUUID(), Name: 'Bungalow 13' },
    ],
    reservations: [],
    customers: [],
    orders: [],
    items: [],
    problems: [],
    calls: [],
    requests: [],
    down: false,
    refuseNext: null,
    tooManyNext: false,
    currency: 'THB',
  };
  const accounts = () => new Set(state.reservations.map((r) => r.AccountId));

  const enterprise = () => ({
    Id: state.enterpriseId,
    ChainId: state.enterpriseId,
    ChainName: 'Stand-in Chain',
    CreatedUtc: created,
    UpdatedUtc: created,
    Name: 'Stand-in Beach Resort',
    TimeZoneIdentifier: 'Asia/Bangkok',
    LegalEnvironmentCode: 'TH',
    AccommodationEnvironmentCode: 'TH',
    AccountingEnvironmentCode: 'TH',
    TaxEnvironmentCode: 'TH',
    DefaultLanguageCode: 'en-US',
    EditableHistoryInterval: 'P0M7DT0H0M0S',
    AccountingEditableHistoryInterval: 'P0M7DT0H0M0S',
    OperationalEditableHistoryInterval: 'P0M7DT0H0M0S',
    Pricing: 'Gross',
    AddressId: state.enterpriseId,
    Address: { Id: state.enterpriseId, City: 'Koh Lanta', CountryCode: 'TH' },
    GroupNames: [],
    Subscription: {},
    Currencies: [{ Currency: state.currency, IsDefault: true, IsEnabled: true }],
    IsPortfolio: false,
  });

  const orderItemOf = (item: MewsItemPosted) => ({
    Id: item.Id,
    EnterpriseId: state.enterpriseId,
    AccountId: item.AccountId,
    AccountType: 'Customer',
    ServiceId: item.ServiceId,
    ServiceOrderId: item.OrderId,
    ...(item.ExternalIdentifier ? { ExternalIdentifier: item.ExternalIdentifier } : {}),
    BillingName: item.Name,
    UnitCount: item.UnitCount,
    UnitAmount: amountOf(item.UnitAmount),
    Amount: amountOf(item.UnitAmount, item.UnitCount),
    OriginalAmount: amountOf(item.UnitAmount, item.UnitCount),
    RevenueType: 'Product',
    CreatorProfileId: state.enterpriseId,
    UpdaterProfileId: state.enterpriseId,
    CreatedUtc: item.CreatedUtc,
    UpdatedUtc: item.CanceledUtc ?? item.CreatedUtc,
    ConsumedUtc: item.ConsumedUtc,
    ...(item.CanceledUtc ? { CanceledUtc: item.CanceledUtc } : {}),
    AccountingState: item.CanceledUtc ? 'Canceled' : 'Open',
    Type: 'CustomItem',
    Options: { CanceledWithReservation: false },
  });

  /** `Limitation`: Count items after the Cursor's one. */
  function page<T extends { Id: string }>(all: T[], limitation: { Count: number; Cursor?: string }) {
    const from = limitation.Cursor ? all.findIndex((x) => x.Id === limitation.Cursor) + 1 : 0;
    const found = all.slice(from, from + limitation.Count);
    const last = found.at(-1);
    return { found, ...(last ? { Cursor: last.Id } : {}) };
  }

  const server = http.createServer((req, res) => {
    let text = '';
    req.on('data', (chunk) => {
      text += chunk;
    });
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const send = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
      };
      // The exact address, POST only (guidelines/requests.md): anything else is 404.
      if (req.method !== 'POST' || !url.pathname.startsWith(`${base}/`))
        return send(404, { Message: 'Not found' });
      const path = url.pathname;
      state.calls.push(path.slice(base.length + 1));
      try {
        const { ClientToken: _c, AccessToken: _a, ...rest } = JSON.parse(text) as Record<string, unknown>;
        state.requests.push(`POST ${path.slice(base.length + 1)} ${JSON.stringify(rest)}`);
      } catch {
        state.requests.push(`POST ${path.slice(base.length + 1)} (not JSON)`);
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      try {
        JSON.parse(text);
      } catch {
        return send(400, { Message: 'Invalid JSON' });
      }
      const checked = check.request({ method: 'POST', path, query: {}, headers, body: text });
      for (const problem of checked.problems) state.problems.push(`POST ${path}: ${problem}`);
      if (!checked.operation) return send(404, { Message: 'Not found' });
      const operation = checked.operation;
      const answer = (status: number, value: unknown, extra: Record<string, string> = {}) => {
        for (const problem of check.response(operation, status, value))
          state.problems.push(`POST ${path} (${status}): ${problem}`);
        send(status, value, extra);
      };
      const invalid = (parameter: string) => answer(400, { Message: `Invalid ${parameter}` });
      if (state.down) return answer(503, { Message: 'Service unavailable' });
      if (state.tooManyNext) {
        state.tooManyNext = false;
        return answer(429, { Message: 'Too many requests' }, { 'retry-after': '1' });
      }
      const body = (checked.body ?? {}) as Record<string, unknown>;
      if (body.ClientToken !== state.clientToken || body.AccessToken !== state.accessToken)
        return answer(401, { Message: 'Invalid ClientToken or AccessToken' });
      const limitation = (body.Limitation ?? { Count: 1000 }) as { Count: number; Cursor?: string };
      const ids = (key: string) => (Array.isArray(body[key]) ? (body[key] as string[]) : null);

      switch (path.slice(base.length)) {
        case '/configuration/get':
          return answer(200, {
            NowUtc: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
            Enterprise: enterprise(),
            IsIdentityDocumentNumberRequired: false,
          });
        case '/resources/getAll': {
          const extent = (body.Extent ?? {}) as { Resources?: boolean };
          const { found, ...cursor } = page(state.resources, limitation);
          return answer(200, {
            ...(extent.Resources
              ? {
                  Resources: found.map((r) => ({
                    Id: r.Id,
                    EnterpriseId: state.enterpriseId,
                    IsActive: true,
                    Name: r.Name,
                    State: 'Clean',
                    Descriptions: {},
                    CreatedUtc: created,
                    UpdatedUtc: created,
                    Data: { Discriminator: 'Space', Value: { FloorNumber: '0' } },
                    ExternalNames: {},
                    Directions: {},
                  })),
                }
              : {}),
            ...cursor,
          });
        }
        case '/reservations/getAll/2023-06-06': {
          const states = ids('States');
          const rooms = ids('AssignedResourceIds');
          // The time filters, each an interval (TimeInterval) in whole seconds.
          const intervals = ['ScheduledStartUtc', 'ScheduledEndUtc', 'ActualEndUtc'] as const;
          for (const key of intervals) {
            const interval = body[key] as { StartUtc: string; EndUtc: string } | undefined;
            if (interval && ![interval.StartUtc, interval.EndUtc].every((t) => wholeSecondsUtc.test(t)))
              state.problems.push(`POST ${path}: ${key} is not in whole seconds`);
          }
          const within = (key: (typeof intervals)[number], at: string | undefined) => {
            const interval = body[key] as { StartUtc: string; EndUtc: string } | undefined;
            if (!interval) return true;
            if (!at) return false;
            const t = Date.parse(at);
            return t >= Date.parse(interval.StartUtc) && t <= Date.parse(interval.EndUtc);
          };
          const matching = state.reservations.filter(
            (r) =>
              (!states || states.includes(r.State)) &&
              (!rooms || rooms.includes(r.AssignedResourceId)) &&
              within('ScheduledStartUtc', r.ScheduledStartUtc ?? scheduledStart) &&
              within('ScheduledEndUtc', r.ScheduledEndUtc ?? scheduledEnd) &&
              within('ActualEndUtc', r.ActualEndUtc),
          );
          const { found, ...cursor } = page(matching, limitation);
          return answer(200, {
            Reservations: found.map((r) => ({
              Id: r.Id,
              ServiceId: randomUUID(),
              AccountId: r.AccountId,
              AccountType: 'Customer',
              CreatorProfileId: state.enterpriseId,
              UpdaterProfileId: state.enterpriseId,
              Number: r.Id.slice(0, 4),
              State: r.State,
              Origin: 'Commander',
              CreatedUtc: created,
              UpdatedUtc: created,
              Options: {
                OwnerCheckedIn: r.State === 'Started',
                AllCompanionsCheckedIn: r.State === 'Started',
                AnyCompanionCheckedIn: r.State === 'Started',
                ConnectorCheckIn: false,
              },
              RateId: state.enterpriseId,
              GroupId: state.enterpriseId,
              RequestedResourceCategoryId: state.enterpriseId,
              AssignedResourceId: r.AssignedResourceId,
              AssignedResourceLocked: false,
              ScheduledStartUtc: r.ScheduledStartUtc ?? scheduledStart,
              ...(r.ActualEndUtc ? { ActualEndUtc: r.ActualEndUtc } : {}),
              ScheduledEndUtc: r.ScheduledEndUtc ?? scheduledEnd,
              PersonCounts: [],
              StartUtc: r.ScheduledStartUtc ?? scheduledStart,
              EndUtc: r.ScheduledEndUtc ?? scheduledEnd,
            })),
            ...cursor,
          });
        }
        case '/customers/getAll': {
          // "Required if no other filter is provided": we send no other.
          const wanted = ids('CustomerIds');
          if (!wanted) return invalid('CustomerIds');
          const extent = (body.Extent ?? {}) as { Customers?: boolean };
          const matching = state.customers.filter((c) => wanted.includes(c.Id));
          const { found, ...cursor } = page(matching, limitation);
          return answer(200, {
            Customers: extent.Customers
              ? found.map((c) => ({
                  Id: c.Id,
                  ChainId: state.enterpriseId,
                  Number: String(state.customers.indexOf(c) + 1),
                  ...(c.FirstName ? { FirstName: c.FirstName } : {}),
                  LastName: c.LastName,
                  HasOtaEmail: false,
                  CreatedUtc: created,
                  UpdatedUtc: created,
                  Classifications: [],
                  Options: [],
                  IsActive: true,
                  PreferredSpaceFeatures: [],
                  CreatorProfileId: state.enterpriseId,
                  UpdaterProfileId: state.enterpriseId,
                }))
              : [],
            ...cursor,
          });
        }
        case '/orders/add': {
          if (body.ServiceId !== state.serviceId) return invalid('ServiceId');
          if (!accounts().has(String(body.AccountId))) return invalid('AccountId');
          const linked = body.LinkedReservationId as string | undefined;
          if (linked && !state.reservations.some((r) => r.Id === linked && r.AccountId === body.AccountId))
            return invalid('LinkedReservationId');
          if (state.refuseNext) {
            const Message = state.refuseNext;
            state.refuseNext = null;
            return answer(403, { Message });
          }
          const consumed = typeof body.ConsumptionUtc === 'string' ? body.ConsumptionUtc : null;
          // Whole seconds (guidelines/serialization.md); a tax rate named on every amount (TaxCodes is
          // required: an empty list names none).
          if (consumed && !wholeSecondsUtc.test(consumed))
            state.problems.push(`POST ${path}: ConsumptionUtc ${consumed} is not in whole seconds`);
          for (const item of (body.Items ?? []) as MewsItemPosted[])
            if (item.UnitAmount.TaxCodes.length === 0)
              state.problems.push(`POST ${path}: an item's TaxCodes is empty`);
          if (consumed && Date.parse(consumed) < Date.now() - editableHistoryMs)
            return answer(403, { Message: 'ConsumptionUtc is outside the Editable History Interval' });
          const items = (body.Items ?? []) as MewsItemPosted[];
          for (const item of items) {
            if (item.UnitAmount.Currency !== 'THB') return invalid('Currency');
            // Gross pricing: GrossValue is required, with one tax at most.
            if (item.UnitAmount.GrossValue === undefined || item.UnitAmount.TaxCodes.length > 1)
              return invalid('UnitAmount');
            if (item.UnitAmount.TaxCodes.some((code) => !(code in taxRates))) return invalid('TaxCodes');
          }
          const OrderId = randomUUID();
          const now = new Date().toISOString();
          state.orders.push({
            OrderId,
            AccountId: String(body.AccountId),
            ServiceId: state.serviceId,
            LinkedReservationId: linked ?? null,
            Notes: (body.Notes as string | undefined) ?? null,
          });
          for (const item of items)
            state.items.push({
              Id: randomUUID(),
              OrderId,
              AccountId: String(body.AccountId),
              ServiceId: state.serviceId,
              Name: item.Name,
              UnitCount: item.UnitCount,
              UnitAmount: item.UnitAmount,
              ExternalIdentifier: item.ExternalIdentifier ?? null,
              CreatedUtc: now,
              ConsumedUtc: consumed ?? now,
              CanceledUtc: null,
            });
          return answer(200, { OrderId });
        }
        case '/orderItems/getAll': {
          // "At least one of the OrderItemIds, ServiceOrderIds, ServiceIds, BillIds, CreatedUtc, UpdatedUtc,
          // ClosedUtc filters must be specified."
          const filters = [
            'OrderItemIds',
            'ServiceOrderIds',
            'ServiceIds',
            'BillIds',
            'CreatedUtc',
            'UpdatedUtc',
            'ClosedUtc',
          ];
          if (!filters.some((key) => body[key] !== undefined)) return invalid('filter');
          const itemIds = ids('OrderItemIds');
          const orders = ids('ServiceOrderIds');
          const services = ids('ServiceIds');
          const accountIds = ids('AccountIds');
          const matching = state.items.filter(
            (i) =>
              (!itemIds || itemIds.includes(i.Id)) &&
              (!orders || orders.includes(i.OrderId)) &&
              (!services || services.includes(i.ServiceId)) &&
              (!accountIds || accountIds.includes(i.AccountId)),
          );
          const { found, ...cursor } = page(matching, limitation);
          return answer(200, { OrderItems: found.map(orderItemOf), ...cursor });
        }
        case '/orderItems/cancel': {
          const wanted = ids('OrderItemIds') ?? [];
          if (wanted.length > 10) return invalid('OrderItemIds');
          const items = wanted.map((id) => state.items.find((i) => i.Id === id));
          if (items.some((i) => !i || i.CanceledUtc)) return invalid('OrderItemIds');
          const now = new Date().toISOString();
          for (const item of items) if (item) item.CanceledUtc = now;
          return answer(200, {});
        }
        default:
          return send(404, { Message: 'Not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const standIn = state as MewsStandIn;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}
