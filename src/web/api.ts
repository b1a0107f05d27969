import type {
  ApiErrorBody,
  ApiErrorCode,
  ApiIssue,
  Checkout,
  Drink,
  Guest,
  RecordedCheckout,
  SessionState,
} from '../shared/api-types';
import { backgroundReadHeader } from '../shared/live-types';
import type { PublicResortSettings } from '../shared/resort-settings-public';
import type { CheckoutInput, DrinkInput, GuestInput } from '../shared/schemas';
import type { FridgeState } from '../shared/stock-types';

/** Any non-2xx answer, or no answer at all (status 0), as one error the screens can show. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode | 'network_error',
    message: string,
    readonly issues: ApiIssue[] = [],
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

let backgroundDepth = 0;

/**
 * Runs `work` with its GET requests marked as the page's own (the live desk reloading a page): they do not
 * count as someone using the device. Writes are always someone's.
 */
export async function inBackground<T>(work: () => Promise<T>): Promise<T> {
  backgroundDepth++;
  try {
    return await work();
  } finally {
    backgroundDepth--;
  }
}

/** Any API call: the parsed body (undefined for 204) and the response headers (the staff history reads Link). */
export async function requestWithHeaders<T>(
  path: string,
  init: { method?: string; body?: unknown } = {},
): Promise<{ body: T; headers: Headers }> {
  let response: Response;
  const method = init.method ?? 'GET';
  const headers: Record<string, string> =
    init.body === undefined
      ? { Accept: 'application/json' }
      : { 'Content-Type': 'application/json', Accept: 'application/json' };
  if (backgroundDepth > 0 && method === 'GET') headers[backgroundReadHeader] = '1';
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch {
    throw new ApiError(
      0,
      'network_error',
      'The server could not be reached. Check the connection and try again.',
    );
  }
  if (response.status === 204) return { body: undefined as T, headers: response.headers };
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

const request = async <T>(path: string, init?: { method?: string; body?: unknown }) =>
  (await requestWithHeaders<T>(path, init)).body;

export const fetchDrinks = () => request<Drink[]>('/api/drinks');
export const addDrink = (input: DrinkInput) => request<Drink>('/api/drinks', { method: 'POST', body: input });
export const updateDrink = (id: number, input: DrinkInput) =>
  request<Drink>(`/api/drinks/${id}`, { method: 'PUT', body: input });
export const deleteDrink = (id: number) => request<void>(`/api/drinks/${id}`, { method: 'DELETE' });

export const fetchGuest = () => request<Guest | null>('/api/guest');
export const saveGuest = (input: GuestInput) =>
  request<Required<Guest>>('/api/guest', { method: 'PUT', body: input });

/** Whether bungalow N's checkout would find a guest (its stay or the Guest record): yes or no, nothing more. */
export const fetchGuestOnFile = (bungalow: number) =>
  request<{ onFile: boolean }>(`/api/bungalows/${bungalow}/guest`);
export const recordCheckout = (input: CheckoutInput) =>
  request<RecordedCheckout>('/api/checkouts', { method: 'POST', body: input });
/** What bungalow N's fridge carries and holds (its pars; with stock on, the ledger's bottles): counts only. */
export const fetchFridge = (bungalow: number) => request<FridgeState>(`/api/fridges/${bungalow}`);
export const fetchCheckouts = () => request<Checkout[]>('/api/checkouts');

/** Anyone gets the public part; an admin session gets everything (ResortSettings). */
export const fetchSettings = <T extends PublicResortSettings = PublicResortSettings>() =>
  request<T>('/api/settings');

export const fetchSession = () => request<SessionState>('/api/session');
export const login = (password: string) =>
  request<void>('/api/session', { method: 'POST', body: { password } });
export const logout = () => request<void>('/api/session', { method: 'DELETE' });
