import type { Drink, StickerKey } from '../../shared/api-types';
import type { AuditPage, ChainVerdict } from '../../shared/audit-types';
import type { BackupStatus } from '../../shared/backup-types';
import type { CloseDayInput, ReopenDayInput } from '../../shared/day-close-schemas';
import type { ChainHead, DaySummary } from '../../shared/day-close-types';
import type { CheckRequest } from '../../shared/live-types';
import type { PaymentMethod } from '../../shared/payment-constants';
import type { ResortSettings } from '../../shared/resort-settings';
import type { ResortSettingsInput } from '../../shared/resort-settings-schema';
import type { HistoryQuery, VoidBottles } from '../../shared/staff-schemas';
import type {
  BungalowState,
  Consumption,
  HistoryCheckout,
  HistoryPage,
  Restock,
  RestockList,
  Stay,
  UnpaidSummary,
} from '../../shared/staff-types';
import type { StayInput } from '../../shared/stay-schemas';
import type { RestockInput } from '../../shared/stock-schemas';
import type { TaxSubstitute } from '../../shared/tax';
import type { FullInvoiceCorrection, FullInvoiceRequest } from '../../shared/tax-schemas';
import type { ApprovalInput } from '../../shared/team-schemas';
import { requestWithHeaders } from '../api';

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
/** A front desk's void carries a manager's approval: their name picked and PIN typed on the same device. */
export const voidCheckout = (id: number, reason: string, approval?: ApprovalInput, bottles?: VoidBottles) =>
  json<HistoryCheckout>(`/api/checkouts/${id}/void`, {
    method: 'POST',
    body: { reason, ...(approval ? { approval } : {}), ...(bottles ? { bottles } : {}) },
  });
/** Abuse resistance (fifth stage): each bungalow's sticker key, for its QR sticker's link. */
export const fetchStickerKeys = () => json<StickerKey[]>('/api/stickers');
/** Books no one can rewrite (sixth stage): one bungalow's sticker key replaced, or every key. */
export const rotateStickerKeys = (bungalow?: number) =>
  json<StickerKey[]>('/api/stickers/rotate', {
    method: 'POST',
    body: bungalow === undefined ? {} : { bungalow },
  });
/** Abuse resistance (fifth stage): every standing unverified check voided with one reason. */
export const voidUnverified = (reason: string) =>
  json<{ voided: number }>('/api/checkouts/void-unverified', { method: 'POST', body: { reason } });
/** Marks a checkout paid by `method`, or unpaid again with null. */
export const recordPayment = (id: number, method: PaymentMethod | null) =>
  json<HistoryCheckout>(`/api/checkouts/${id}/payment`, { method: 'POST', body: { method } });
// Tax documents (fifth stage)
/** A full tax invoice for a guest's company: the checkout comes back with its new document. */
export const issueTaxInvoice = (id: number, invoice: FullInvoiceRequest) =>
  json<HistoryCheckout>(`/api/checkouts/${id}/tax-invoice`, { method: 'POST', body: invoice });
export const correctTaxInvoice = (id: number, correction: FullInvoiceCorrection) =>
  json<HistoryCheckout>(`/api/checkouts/${id}/tax-invoice`, { method: 'PUT', body: correction });
/** Seventh stage: a lost original reissued as a substitute (ใบแทน); the answer says which time. */
export const substituteTaxDocument = (number: string, reason: string) =>
  json<TaxSubstitute>(`/api/tax/documents/${encodeURIComponent(number)}/substitute`, {
    method: 'POST',
    body: { reason },
  });
export const fetchUnpaidSummary = () => json<UnpaidSummary>('/api/checkouts/unpaid');
export const fetchRestockList = () => json<RestockList>('/api/restock');
/**
 * A restock: `{}` fills the fridge (with stock on, to its pars from the storeroom); with stock on, `items` is
 * what was really put in.
 */
export const markRestocked = (bungalow: number, items?: RestockInput['items']) =>
  json<Restock>(`/api/restock/${bungalow}`, { method: 'POST', body: items ? { items } : {} });
export const fetchConsumption = (days: 7 | 30) => json<Consumption>(`/api/consumption?days=${days}`);
export const checkoutsCsvUrl = (from: string, to: string) =>
  `/api/checkouts/export.csv?${new URLSearchParams({ from, to })}`;

export const fetchBungalows = () => json<BungalowState[]>('/api/bungalows');
export const fetchStays = (bungalow: number) => json<Stay[]>(`/api/bungalows/${bungalow}/stays`);
export const saveStay = (bungalow: number, input: StayInput) =>
  json<Stay>(`/api/bungalows/${bungalow}/stay`, { method: 'PUT', body: input });
export const endStay = (bungalow: number) =>
  json<void>(`/api/bungalows/${bungalow}/stay`, { method: 'DELETE' });

/** The drinks of one section in their new order at checkout; answers with the whole catalogue. */
export const reorderDrinks = (ids: number[]) =>
  json<Drink[]>('/api/drinks/order', { method: 'PUT', body: { ids } });

/** Settings are read by everyone through web/settings.ts; only the workspace writes them. */
export const saveSettings = (input: ResortSettingsInput) =>
  json<ResortSettings>('/api/settings', { method: 'PUT', body: input });

/** Closing the day: the day's figures and its close; closing it with the counted cash; reopening it. */
export const fetchDay = (day: string) => json<DaySummary>(`/api/days/${encodeURIComponent(day)}`);
export const closeDay = (day: string, input: CloseDayInput) =>
  json<DaySummary>(`/api/days/${encodeURIComponent(day)}/close`, { method: 'POST', body: input });
export const reopenDay = (day: string, input: ReopenDayInput) =>
  json<DaySummary>(`/api/days/${encodeURIComponent(day)}/reopen`, { method: 'POST', body: input });
/** The audit chain's head the day's close kept (fifth stage), for the Z report. */
export const fetchDayChainHead = (day: string) =>
  json<{ chainHead: ChainHead | null }>(`/api/days/${encodeURIComponent(day)}/chain-head`);
/** The live desk's check requests: the open ones, asking for one (the desk), "Nothing missing" (housekeeping). */
export const fetchCheckRequests = () => json<CheckRequest[]>('/api/check-requests');
export const askForCheck = (bungalow: number) =>
  json<CheckRequest>('/api/check-requests', { method: 'POST', body: { bungalow } });
export const answerNothingMissing = (id: number) =>
  json<CheckRequest>(`/api/check-requests/${id}/nothing-missing`, { method: 'POST', body: {} });
/** One page of the audit trail (GET /api/audit), with the URL's filters passed through as they are. */
export const fetchActivity = (search: URLSearchParams) => json<AuditPage>(`/api/audit?${search}`);
export const verifyActivityChain = () => json<ChainVerdict>('/api/audit/verify');
export const activityCsvUrl = (search: URLSearchParams) => `/api/audit/export.csv?${search}`;

// Backups by themselves (fifth stage)
export const fetchBackupStatus = () => json<BackupStatus>('/api/backups/status');
