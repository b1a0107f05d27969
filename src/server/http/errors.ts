import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';
import type { ApiErrorBody, ApiErrorCode, ApiIssue } from '../../shared/api-types';

/** Thrown by handlers and middleware; app.onError turns it into the one error body of the API. */
export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: ApiErrorCode,
    message: string,
    readonly issues?: ApiIssue[],
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export function errorBody(error: HttpError): ApiErrorBody {
  return {
    error: {
      code: error.code,
      message: error.message,
      ...(error.issues ? { issues: error.issues } : {}),
      ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
    },
  };
}

export function sendError(c: Context, error: HttpError) {
  if (error.retryAfter !== undefined) c.header('Retry-After', String(error.retryAfter));
  return c.json(errorBody(error), error.status);
}

export function issuesOf(error: ZodError): ApiIssue[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

export const notFound = (what: string) => new HttpError(404, 'not_found', `${what} not found`);

export const validationFailed = (message: string, issues?: ApiIssue[]) =>
  new HttpError(422, 'validation_failed', message, issues);
