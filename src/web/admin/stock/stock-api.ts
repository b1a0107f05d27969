import type {
  CountInput,
  DeliveryInput,
  ParsInput,
  StockStartInput,
  WriteOffInput,
} from '../../../shared/stock-schemas';
import type {
  DeliveriesPage,
  DeliveryRecorded,
  ParsList,
  StockCount,
  StockMovesPage,
  StockStarted,
  StockState,
  StockWriteOff,
} from '../../../shared/stock-types';
import { requestWithHeaders } from '../../api';

/**
 * Stock's fetch functions (DESIGN.md, "Stock: every bottle accounted for"), one per endpoint, in the admin's
 * chunks: a guest at /checkout never downloads them (the checkout reads its fridge through web/api.ts). They
 * share web/api.ts's one request function and its ApiError.
 */
const json = async <T>(path: string, init?: { method?: string; body?: unknown }) =>
  (await requestWithHeaders<T>(path, init)).body;

export const fetchStock = () => json<StockState>('/api/stock');
/** Turns stock on: the storeroom's first count (409 when it is already on). */
export const startStock = (input: StockStartInput) =>
  json<StockStarted>('/api/stock/start', { method: 'POST', body: input });

/** The ledger's moves, with the URL's filters (drink, place, from, to, page) passed through as they are. */
export const fetchStockMoves = (search: URLSearchParams) =>
  json<StockMovesPage>(`/api/stock/moves?${search}`);
export function stockMovesCsvUrl(search: URLSearchParams): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  params.set('format', 'csv');
  return `/api/stock/moves?${params}`;
}

export const fetchDeliveries = (page = 1) =>
  json<DeliveriesPage>(`/api/stock/deliveries${page > 1 ? `?page=${page}` : ''}`);
export const receiveDelivery = (input: DeliveryInput) =>
  json<DeliveryRecorded>('/api/stock/deliveries', { method: 'POST', body: input });
export const postCount = (input: CountInput) =>
  json<StockCount>('/api/stock/counts', { method: 'POST', body: input });
export const writeOff = (input: WriteOffInput) =>
  json<StockWriteOff>('/api/stock/write-offs', { method: 'POST', body: input });

/** Only the bungalows with pars of their own; the others keep the catalogue's startingQuantity. */
export const fetchPars = () => json<ParsList>('/api/pars');
export const savePars = (input: ParsInput) => json<ParsList>('/api/pars', { method: 'PUT', body: input });
/** Back to the catalogue's pars. */
export const resetPars = (bungalow: number) => json<ParsList>(`/api/pars/${bungalow}`, { method: 'DELETE' });

/** What the stock page's forms send through its action (stock-route.tsx runs them). */
export type StockCommand =
  | { intent: 'start-stock'; input: StockStartInput }
  | { intent: 'receive'; input: DeliveryInput }
  | { intent: 'count'; input: CountInput }
  | { intent: 'write-off'; input: WriteOffInput };
