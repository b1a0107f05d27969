/** What the HTTP API returns; the server's handlers and the browser's fetch functions share these. */

export interface Drink {
  id: number;
  drinkName: string;
  startingQuantity: number;
  price: number;
}

/** Public responses never carry the email; an admin session gets it. */
export interface Guest {
  id: number;
  name: string;
  email?: string;
}

export interface CheckoutLine {
  drinkId: number;
  drinkName: string;
  quantity: number;
  unitPrice: number;
  lineTotal: number;
}

export interface Checkout {
  id: number;
  bungalow: number;
  createdAt: string;
  guestName: string;
  total: number;
  lines: CheckoutLine[];
}

export interface SessionState {
  authenticated: boolean;
}

export type ApiErrorCode =
  | 'bad_request'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'too_many_requests'
  | 'internal_error'
  | 'service_unavailable';

export interface ApiIssue {
  path: string;
  message: string;
}

export interface ApiErrorBody {
  error: {
    code: ApiErrorCode;
    message: string;
    issues?: ApiIssue[];
    /** Seconds until a throttled client may try again. */
    retryAfter?: number;
  };
}
