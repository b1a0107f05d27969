import { isDeepStrictEqual } from 'node:util';
import type { Context } from 'hono';
import type { z } from 'zod';
import type { ApiIssue } from '../../shared/api-types';
import type { ReadOnlyFields } from '../../shared/read-only-fields';
import { HttpError, issuesOf } from './errors';

/** Parses the JSON body against a shared schema: 400 when it is not JSON, 422 with field issues. */
export async function readJson<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseInput(schema, await readBody(c));
}

async function readBody(c: Context): Promise<unknown> {
  const text = await c.req.text();
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(400, 'bad_request', 'The request body is not valid JSON');
  }
}

/** Validates a value already read (a body whose shape picks the schema): 422 with field issues. */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issues = issuesOf(parsed.error);
    throw new HttpError(422, 'validation_failed', issues[0]?.message ?? 'Invalid input', issues);
  }
  return parsed.data;
}

/** The read-only fields a body carried, to be checked against what the server holds. */
export interface SentReadOnly<K extends string> {
  /**
   * Drops the fields that equal one of the values the server accepts for them (what its GET answered, or
   * for a derived field what it derives from the change); 422 naming every field that differs.
   */
  mustMatch(accepted: Readonly<Record<K, readonly unknown[]>>): void;
}

/**
 * A PUT's body that may be what the matching GET answered (DESIGN.md: "what GET returns, PUT takes back
 * unchanged"): the `readOnly` fields are split off, the rest is parsed against the schema as `readJson` does
 * (so any other unknown field is still a 422), and the route checks the split-off fields once it knows what
 * it holds: `sent.mustMatch({ id: [drink.id] })`. A field left out is fine.
 */
export async function readJsonBack<S extends z.ZodType, K extends string>(
  c: Context,
  schema: S,
  readOnly: ReadOnlyFields<K>,
): Promise<{ input: z.infer<S>; sent: SentReadOnly<K> }> {
  const body = await readBody(c);
  const sent = new Map<K, unknown>();
  let rest = body;
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const copy: Record<string, unknown> = { ...body };
    for (const field of Object.keys(readOnly) as K[]) {
      if (!Object.hasOwn(copy, field)) continue;
      sent.set(field, copy[field]);
      delete copy[field];
    }
    rest = copy;
  }
  const input = parseInput(schema, rest);
  return {
    input,
    sent: {
      mustMatch(accepted) {
        const issues: ApiIssue[] = [];
        for (const [field, value] of sent) {
          if (accepted[field].some((held) => isDeepStrictEqual(held, value))) continue;
          issues.push({
            path: field,
            message: `${field} is ${readOnly[field]}: send it as the server gave it, or leave it out`,
          });
        }
        if (issues.length > 0) {
          throw new HttpError(422, 'validation_failed', issues[0]?.message ?? 'Invalid input', issues);
        }
      },
    },
  };
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
