import type { Context } from 'hono';
import type { z } from 'zod';
import { HttpError, issuesOf } from './errors';

/** Parses the JSON body against a shared schema: 400 when it is not JSON, 422 with field issues. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new HttpError(400, 'bad_request', 'The request body is not valid JSON');
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    throw new HttpError(422, 'validation_failed', issues[0]?.message ?? 'Invalid input', issues);
  }
  return parsed.data;
}

export function readParams<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.param());
  if (!parsed.success) {
    // A path like /api/drinks/abc names no drink.
    throw new HttpError(404, 'not_found', 'Not found');
  }
  return parsed.data;
}

/** Parses the query string against a shared schema: 422 with field issues, unknown parameters included. */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    throw new HttpError(422, 'validation_failed', issues[0]?.message ?? 'Invalid query', issues);
  }
  return parsed.data;
}
