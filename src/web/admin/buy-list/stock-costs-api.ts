import type { BuyList, StockMargin } from '../../../shared/stock-costs';
import { requestWithHeaders } from '../../api';

/** The fetch functions of what a bottle costs (issue 26), in the admin's chunks, one per endpoint. */
const json = async <T>(path: string) => (await requestWithHeaders<T>(path)).body;

export const fetchMargin = (from: string, to: string) =>
  json<StockMargin>(`/api/stock/margin?${new URLSearchParams({ from, to })}`);
export const marginCsvUrl = (from: string, to: string) =>
  `/api/stock/margin?${new URLSearchParams({ from, to, format: 'csv' })}`;
export const fetchBuyList = () => json<BuyList>('/api/stock/buy-list');
