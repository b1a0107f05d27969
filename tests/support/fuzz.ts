import fc from 'fast-check';
import { expect } from 'vitest';
import type { z } from 'zod';
import { limits } from '../../src/shared/constants';
import {
  checkoutInputSchema,
  drinkInputSchema,
  guestInputSchema,
  idParamSchema,
  loginInputSchema,
} from '../../src/shared/schemas';
import { bungalowParamSchema, voidInputSchema } from '../../src/shared/staff-schemas';
import { restockInputSchema } from '../../src/shared/stock-schemas';
import { contentDigest, expectNoLeak } from '../security/support';
import type { TestApp } from './test-app';

/** Numbers a form or a hand-made request could carry: huge, negative, fractional, beyond 32 and 53 bits. */
const edgeNumbers = fc.constantFrom(
  0,
  -0,
  -1,
  0.5,
  1.0000001,
  1e-300,
  1e308,
  -1e308,
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  2 ** 53,
  Number.MAX_SAFE_INTEGER + 2,
  -(2 ** 31) - 1,
  9_999_999_999,
  limits.priceMax + 1,
  limits.startingQuantityMax + 1,
  limits.bungalowMax + 1,
);
const numbers = fc.oneof(
  edgeNumbers,
  fc.integer(),
  fc.integer({ min: -3, max: 1200 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const tenKilobytes = fc.constantFrom(
  'x'.repeat(10_240),
  'é'.repeat(5_120),
  '😀'.repeat(2_560),
  `${'<script>alert(1)</script>'.repeat(400)}`,
  `'; DROP TABLE "Drinks"; --${' '.repeat(10_000)}`,
);
const hostileStrings = fc.constantFrom(
  'Robert\'); DROP TABLE "Drinks";--',
  '" OR 1=1 --',
  '<img src=x onerror=alert(1)>',
  '\u202Eevil\u202C',
  '\u0000nul',
  '   ',
  '',
  'ok@example.com',
  '{{constructor.constructor("alert(1)")()}}',
);
const strings = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 80 }),
  hostileStrings,
  tenKilobytes,
);
const anyValue = fc.oneof(
  { weight: 3, arbitrary: numbers },
  { weight: 3, arbitrary: strings },
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);

/** Keys that have tripped prototype handling elsewhere, plus random ones. */
const hostileKeys = fc.constantFrom(
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
);
const extraKeys = fc.dictionary(fc.oneof(hostileKeys, fc.string({ maxLength: 12 })), anyValue, {
  maxKeys: 3,
});

/** An object near the route's shape: each field valid or hostile, sometimes missing, sometimes extra keys. */
function nearShape(fields: Record<string, fc.Arbitrary<unknown>>) {
  const record = Object.fromEntries(
    Object.entries(fields).map(([key, valid]) => [key, fc.oneof({ weight: 2, arbitrary: valid }, anyValue)]),
  );
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.option(extraKeys, { freq: 4 }), fc.boolean())
    .map(([base, extra, protoFirst]) => {
      let text = JSON.stringify(base);
      if (extra) {
        // Written as text so "__proto__" arrives as an own key, the way a hostile client sends it.
        const extras = Object.entries(extra).map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
        if (extras.length > 0) {
          const inner = text.slice(1, -1);
          text =
            protoFirst || inner === ''
              ? `{${[...extras, inner].filter(Boolean).join(',')}}`
              : `{${inner},${extras.join(',')}}`;
        }
      }
      return text;
    });
}

const validDrink = {
  drinkName: fc.string({ minLength: 1, maxLength: 60 }),
  startingQuantity: fc.integer({ min: 1, max: 999 }),
  price: fc.integer({ min: 1, max: 100_000 }),
};

export interface FuzzBody {
  bytes: Uint8Array;
  contentType: string;
}

const encoder = new TextEncoder();

/** Bodies for one route: near-valid objects, arbitrary JSON, non-JSON text, invalid UTF-8, other types. */
function bodies(shape: fc.Arbitrary<string>): fc.Arbitrary<FuzzBody> {
  const asJson = (text: string) => ({ bytes: encoder.encode(text), contentType: 'application/json' });
  return fc.oneof(
    { weight: 6, arbitrary: shape.map(asJson) },
    { weight: 2, arbitrary: fc.json({ maxDepth: 3 }).map(asJson) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }).map(asJson) },
    {
      weight: 1,
      // Raw bytes, often invalid UTF-8 (lone continuation bytes, overlong forms, truncated sequences).
      arbitrary: fc
        .tuple(shape, fc.uint8Array({ minLength: 1, maxLength: 64 }), fc.nat())
        .map(([text, noise, at]) => {
          const bytes = encoder.encode(text);
          const cut = at % (bytes.length + 1);
          const mixed = new Uint8Array([
            ...bytes.slice(0, cut),
            0xc3,
            0x28,
            0xff,
            ...noise,
            ...bytes.slice(cut),
          ]);
          return { bytes: mixed, contentType: 'application/json' };
        }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          shape,
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', ''),
        )
        .map(([text, contentType]) => ({ bytes: encoder.encode(text), contentType })),
    },
  );
}

export interface FuzzRoute {
  name: string;
  method: string;
  path: fc.Arbitrary<string>;
  body: fc.Arbitrary<FuzzBody>;
  schema: z.ZodType;
  admin: boolean;
  /** Whether the path's parameter passes, so the body is judged (else a 404 comes first). */
  pathOk?: (path: string) => boolean;
}

const segmentPasses = (schema: z.ZodType, key: string) => (path: string) =>
  schema.safeParse({ [key]: decodeURIComponent(path.split('/')[3] ?? '') }).success;
const drinkIdOk = segmentPasses(idParamSchema, 'id');

export const fuzzRoutes = (drinkIds: number[], checkoutIds: number[] = [1]): FuzzRoute[] => {
  const knownId = fc.constantFrom(...drinkIds.map(String));
  const anyId = fc.oneof(
    { weight: 4, arbitrary: knownId },
    fc.constantFrom(
      '0',
      '-1',
      '1.5',
      '2147483647',
      '2147483648',
      '9999999999',
      '99999999999',
      'abc',
      '%00',
      '1e3',
      '٣',
    ),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );
  return [
    {
      name: 'POST /api/drinks',
      method: 'POST',
      path: fc.constant('/api/drinks'),
      body: bodies(nearShape(validDrink)),
      schema: drinkInputSchema,
      admin: true,
    },
    {
      name: 'PUT /api/drinks/:id',
      method: 'PUT',
      path: anyId.map((id) => `/api/drinks/${id}`),
      body: bodies(nearShape(validDrink)),
      schema: drinkInputSchema,
      admin: true,
      pathOk: drinkIdOk,
    },
    {
      name: 'PUT /api/guest',
      method: 'PUT',
      path: fc.constant('/api/guest'),
      body: bodies(
        nearShape({ name: fc.string({ minLength: 1, maxLength: 100 }), email: fc.emailAddress() }),
      ),
      schema: guestInputSchema,
      admin: true,
    },
    {
      name: 'POST /api/checkouts',
      method: 'POST',
      path: fc.constant('/api/checkouts'),
      body: bodies(
        nearShape({
          bungalow: fc.integer({ min: 1, max: 9999 }),
          items: fc.array(
            fc.oneof(
              fc.record({
                drinkId: fc.oneof(knownId.map(Number), edgeNumbers),
                missing: fc.oneof(fc.integer({ min: 0, max: 6 }), edgeNumbers),
              }),
              anyValue,
            ),
            { maxLength: 4 },
          ),
        }),
      ),
      schema: checkoutInputSchema,
      admin: false,
    },
    {
      name: 'POST /api/checkouts/:id/void',
      method: 'POST',
      path: fc
        .oneof(fc.constantFrom(...checkoutIds.map(String)), anyId)
        .map((id) => `/api/checkouts/${id}/void`),
      body: bodies(nearShape({ reason: fc.string({ minLength: 1, maxLength: 30 }) })),
      schema: voidInputSchema,
      admin: true,
      pathOk: segmentPasses(idParamSchema, 'id'),
    },
    {
      name: 'POST /api/restock/:bungalow',
      method: 'POST',
      path: fc
        .oneof(fc.integer({ min: 1, max: 9999 }).map(String), anyId)
        .map((bungalow) => `/api/restock/${bungalow}`),
      body: bodies(nearShape({})),
      schema: restockInputSchema,
      admin: true,
      pathOk: segmentPasses(bungalowParamSchema, 'bungalow'),
    },
    {
      name: 'POST /api/session',
      method: 'POST',
      path: fc.constant('/api/session'),
      body: bodies(nearShape({ password: fc.string({ minLength: 1, maxLength: 30 }) })),
      schema: loginInputSchema,
      admin: false,
    },
    {
      name: 'DELETE /api/drinks/:id',
      method: 'DELETE',
      path: anyId.map((id) => `/api/drinks/${id}`),
      body: fc.constant({ bytes: new Uint8Array(), contentType: '' }),
      schema: drinkInputSchema,
      admin: true,
      pathOk: drinkIdOk,
    },
  ];
};

/** What the server must answer for a body, judged on our own copy of its rules. */
function expectedRejection(route: FuzzRoute, body: FuzzBody): number | undefined {
  if (route.method === 'DELETE') return undefined;
  if (body.bytes.length > limits.bodyBytesMax) return 413;
  if (body.contentType !== 'application/json') return 415;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(body.bytes));
  } catch {
    return 400;
  }
  return route.schema.safeParse(value).success ? undefined : 422;
}

export interface FuzzTally {
  runs: number;
  statuses: Record<number, number>;
}

/**
 * Sends `numRuns` generated requests to a route and checks each answer: never 5xx, never a stack trace
 * or SQL, bad input refused with exactly the status its fault calls for and 0 rows changed.
 */
export async function fuzzRoute(
  t: TestApp,
  cookie: string,
  route: FuzzRoute,
  numRuns: number,
  seed?: number,
) {
  const tally: FuzzTally = { runs: 0, statuses: {} };
  // The digest of the rows as the last request left them: read again only after a request that wrote.
  let before = await contentDigest(t.db);
  await fc.assert(
    fc.asyncProperty(route.path, route.body, async (path, body) => {
      const headers: Record<string, string> = { 'content-length': String(body.bytes.length) };
      if (body.contentType) headers['content-type'] = body.contentType;
      if (route.admin) headers.cookie = cookie;
      const response = await t.app.request(path, {
        method: route.method,
        headers,
        body: route.method === 'DELETE' ? undefined : Buffer.from(body.bytes),
      });
      const text = await response.text();
      tally.runs++;
      tally.statuses[response.status] = (tally.statuses[response.status] ?? 0) + 1;
      const label = `${route.method} ${path} ${new TextDecoder().decode(body.bytes).slice(0, 300)} -> ${response.status} ${text.slice(0, 300)}`;
      expect(response.status, label).toBeLessThan(500);
      expectNoLeak(text, label);
      const expected = expectedRejection(route, body);
      // The gates before the body: size, type, session, the id in the path; then the body itself.
      let pathIdOk = true;
      try {
        pathIdOk = route.pathOk?.(path) ?? true;
      } catch {
        pathIdOk = false; // a parameter that is not even valid percent-encoding
      }
      if (expected === 413 || expected === 415) expect(response.status, label).toBe(expected);
      else if (expected !== undefined && pathIdOk) expect(response.status, label).toBe(expected);
      // A path the URL parser rewrites ("/api/checkouts/./void") may land on another route: 404 or 405.
      else if (expected !== undefined) expect([404, 405, expected], label).toContain(response.status);
      if (response.status >= 400) {
        expect(JSON.parse(text).error.code, label).toEqual(expect.any(String));
        expect(await contentDigest(t.db), `rows changed by a refused request: ${label}`).toBe(before);
      } else before = await contentDigest(t.db);
    }),
    { numRuns, ...(seed === undefined ? {} : { seed }) },
  );
  return tally;
}
