import { staffLimits } from '../../../shared/staff-constants';
import { historyQuerySchema } from '../../../shared/staff-schemas';
import type { Consumption, HistoryPage, RestockList } from '../../../shared/staff-types';
import {
  fetchCheckoutHistory,
  fetchConsumption,
  fetchRestockList,
  markRestocked,
  voidCheckout,
} from './staff-api';

/**
 * What the staff tools read and write, plugged into the admin route's loader and action. Their filters live
 * in the /admin URL (?bungalow=&from=&to=&page=&days=), so a filtered history can be bookmarked and the
 * browser's back button undoes a filter; every void or restock reloads all of it, so the history, the
 * restock list and the chart always agree.
 */

export interface HistoryFilters {
  bungalow: string;
  from: string;
  to: string;
  page: number;
}

export interface StaffData {
  filters: HistoryFilters;
  /** The filters do not make sense (e.g. from after to): shown by the form, nothing fetched. */
  filterError: string | null;
  history: Promise<HistoryPage>;
  restock: Promise<RestockList>;
  days: 7 | 30;
  consumption: Promise<Consumption>;
}

export function loadStaffData(url: URL, report: <T>(promise: Promise<T>) => Promise<T>): StaffData {
  const params = url.searchParams;
  const raw = {
    bungalow: params.get('bungalow') ?? '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
    page: params.get('page') ?? '',
  };
  const parsed = historyQuerySchema.safeParse({
    pageSize: String(staffLimits.historyPageSize),
    ...Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== '')),
  });
  const days = params.get('days') === '30' ? 30 : 7;
  return {
    filters: { ...raw, page: parsed.success ? parsed.data.page : 1 },
    filterError: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Check the filters'),
    history: parsed.success
      ? report(fetchCheckoutHistory(parsed.data))
      : Promise.resolve({ items: [], hasMore: false }),
    restock: report(fetchRestockList()),
    days,
    consumption: report(fetchConsumption(days)),
  };
}

export type StaffCommand =
  | { intent: 'void-checkout'; id: number; reason: string }
  | { intent: 'restock'; bungalow: number };

export async function runStaffCommand(command: StaffCommand): Promise<void> {
  switch (command.intent) {
    case 'void-checkout':
      await voidCheckout(command.id, command.reason);
      return;
    case 'restock':
      await markRestocked(command.bungalow);
      return;
  }
}

export const staffSuccessToasts = {
  'void-checkout': 'Checkout voided',
  restock: 'Restock recorded',
} as const;

export const staffFailureToasts = {
  'void-checkout': 'Failed to void the checkout',
  restock: 'Failed to record the restock',
} as const;
