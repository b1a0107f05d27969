import type { ApiErrorBody } from '../../../shared/api-types';
import type { HistoryQuery } from '../../../shared/staff-schemas';
import type {
  Consumption,
  HistoryCheckout,
  HistoryPage,
  Restock,
  RestockList,
} from '../../../shared/staff-types';
import { ApiError } from '../../api';

/**
 * The staff tools' fetch functions. They live in the admin chunk, not in web/api.ts: api.ts is part of
 * /checkout's initial JavaScript, which must not grow for screens a guest never opens. So this small copy
 * of api.ts's request() (same ApiError, same error contract) also hands back the response headers.
 */
async function request<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ body: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: init.method ?? 'GET',
      credentials: 'same-origin',
      headers:
        init.body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'The server could not be reached. Check the connection and try again.',
    );
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (body as ApiErrorBody | undefined)?.error;
    throw new ApiError(
      response.status,
      error?.code ?? 'internal_error',
      error?.message ?? `The server answered ${response.status}`,
      error?.issues,
      error?.retryAfter,
    );
  }
  return { body: body as T, headers: response.headers };
}

const json = async <T>(path: string, init?: { method?: string; body?: unknown }) =>
  (await request<T>(path, init)).body;

/** One history page; the server says "another page follows" with a Link rel="next" header. */
export async function fetchCheckoutHistory(query: HistoryQuery): Promise<HistoryPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const { body, headers } = await request<HistoryCheckout[]>(`/api/checkouts?${params}`);
  return { items: body, hasMore: /rel="next"/.test(headers.get('Link') ?? '') };
}
export const voidCheckout = (id: number, reason: string) =>
  json<HistoryCheckout>(`/api/checkouts/${id}/void`, { method: 'POST', body: { reason } });
export const fetchRestockList = () => json<RestockList>('/api/restock');
/** A restock carries no data, but every write sends JSON. */
export const markRestocked = (bungalow: number) =>
  json<Restock>(`/api/restock/${bungalow}`, { method: 'POST', body: {} });
export const fetchConsumption = (days: 7 | 30) => json<Consumption>(`/api/consumption?days=${days}`);
export const checkoutsCsvUrl = (from: string, to: string) =>
  `/api/checkouts/export.csv?${new URLSearchParams({ from, to })}`;
