import type { HistoryQuery } from '../../../shared/staff-schemas';
import type {
  Consumption,
  HistoryCheckout,
  HistoryPage,
  Restock,
  RestockList,
} from '../../../shared/staff-types';
import { requestWithHeaders } from '../../api';

/**
 * The staff tools' fetch functions, kept in the admin chunk so /checkout's first download does not grow for
 * screens a guest never opens; they share web/api.ts's one request function and its ApiError.
 */
const request = requestWithHeaders;

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
