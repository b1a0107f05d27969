import { z } from 'zod';
import { limits } from './constants';
import { bungalowSchema } from './schemas';
import { dayStringSchema } from './staff-schemas';
import { bungalowOf, type InsidePlace, storeroom } from './stock-types';

/** Inputs of stock (DESIGN.md, "Stock: every bottle accounted for"): one schema each, for server and pages. */

export const stockLimits = {
  /** Bottles in one line of a document. */
  quantityMax: 99_999,
  /** Satang per bottle: 100,000 THB. */
  unitCostMax: 10_000_000,
  linesMax: limits.checkoutItemsMax,
  parMax: 999,
  bungalowsMax: 1000,
  supplierMax: 100,
  referenceMax: 100,
  noteMax: 500,
  movesPageSize: 50,
  deliveriesPageSize: 50,
  pageMax: 100_000,
} as const;

export const writeOffReasons = ['broken', 'expired', 'complimentary', 'staff', 'other'] as const;
export type WriteOffReason = (typeof writeOffReasons)[number];

export { type VoidBottles, voidBottles } from './staff-schemas';

const drinkIdSchema = z
  .number({ error: 'Drink id must be a number' })
  .int('Drink id must be a whole number')
  .positive('Drink id must be a positive whole number')
  .max(limits.idMax, 'No drink has this id');

const bottles = (label: string, min: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number of bottles`)
    .min(min, `${label} must be at least ${min}`)
    .max(stockLimits.quantityMax, `${label} must be at most ${stockLimits.quantityMax}`);

/** A list of lines, each drink at most once. */
const linesOf = <T extends z.ZodType<{ drinkId: number }>>(line: T) =>
  z
    .array(line, { error: 'lines must be a list' })
    .min(1, 'List at least one drink')
    .max(stockLimits.linesMax, `List at most ${stockLimits.linesMax} drinks`)
    .refine(
      (lines) => new Set(lines.map((l) => l.drinkId)).size === lines.length,
      'Each drink may appear only once',
    );

const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !value.includes('\u0000'), `${label} cannot contain a NUL character`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

/** `storeroom` or a bungalow's fridge, `fridge:12`: the places a count or a write-off is about. */
export const insidePlaceSchema = z
  .string({ error: 'Place must be "storeroom" or "fridge:N"' })
  .refine(
    (place) => place === storeroom || bungalowOf(place) !== null,
    'Place must be "storeroom" or "fridge:N" (a bungalow number)',
  )
  .transform((place) => place as InsidePlace);

/** POST /api/stock/start: the storeroom's first count (drinks not listed start at 0). */
export const stockStartInputSchema = z.strictObject({
  storeroom: z
    .array(z.strictObject({ drinkId: drinkIdSchema, quantity: bottles('Quantity', 0) }), {
      error: 'storeroom must be a list of {drinkId, quantity}',
    })
    .max(stockLimits.linesMax, `List at most ${stockLimits.linesMax} drinks`)
    .refine(
      (lines) => new Set(lines.map((l) => l.drinkId)).size === lines.length,
      'Each drink may appear only once',
    ),
});
export type StockStartInput = z.infer<typeof stockStartInputSchema>;

/** POST /api/stock/deliveries: bottles into the storeroom, at a cost in satang per bottle. */
export const deliveryInputSchema = z.strictObject({
  supplier: optionalText('Supplier', stockLimits.supplierMax),
  reference: optionalText('Reference', stockLimits.referenceMax),
  lines: linesOf(
    z.strictObject({
      drinkId: drinkIdSchema,
      quantity: bottles('Quantity', 1),
      /** Satang per bottle (100 = 1 THB): a case of 24 at 790 THB is 3292. */
      unitCost: z
        .number({ error: 'Unit cost must be a number (satang)' })
        .int('Unit cost must be whole satang')
        .min(0, 'Unit cost cannot be negative')
        .max(stockLimits.unitCostMax, `Unit cost must be at most ${stockLimits.unitCostMax} satang`),
      expiresOn: dayStringSchema.nullable().optional(),
    }),
  ),
});
export type DeliveryInput = z.infer<typeof deliveryInputSchema>;

/**
 * POST /api/stock/counts. A line without `expected` sets the place to `counted` as the count is posted. A
 * line with `expected` (what the page showed the place holding when that line was counted) moves
 * `counted − expected` on top of what the place holds at posting: bottles that moved after the line was
 * counted (a sale, a restock) stay moved, neither lost nor counted twice. See
 * docs/decisions/080-counts-move-what-the-counter-found.md.
 */
export const countInputSchema = z.strictObject({
  place: insidePlaceSchema,
  lines: linesOf(
    z.strictObject({
      drinkId: drinkIdSchema,
      /** A blank is never a zero: a drink not counted is not a line. */
      counted: bottles('Counted', 0),
      expected: z
        .number({ error: 'Expected must be a number' })
        .int('Expected must be a whole number')
        .min(-stockLimits.quantityMax)
        .max(stockLimits.quantityMax)
        .optional(),
    }),
  ),
  note: optionalText('Note', stockLimits.noteMax),
});
export type CountInput = z.infer<typeof countInputSchema>;

/** POST /api/stock/write-offs. Housekeeping may write off `broken` in a fridge; the rest is owner and manager. */
export const writeOffInputSchema = z.strictObject({
  place: insidePlaceSchema,
  reason: z.enum(writeOffReasons, { error: `Reason must be one of ${writeOffReasons.join(', ')}` }),
  note: optionalText('Note', stockLimits.noteMax),
  lines: linesOf(z.strictObject({ drinkId: drinkIdSchema, quantity: bottles('Quantity', 1) })),
});
export type WriteOffInput = z.infer<typeof writeOffInputSchema>;

/** PUT /api/pars: one par per drink for a set of bungalows at once (the villas), 0 = not carried. */
export const parsInputSchema = z.strictObject({
  bungalows: z
    .array(bungalowSchema, { error: 'bungalows must be a list of bungalow numbers' })
    .min(1, 'List at least one bungalow')
    .max(stockLimits.bungalowsMax, `List at most ${stockLimits.bungalowsMax} bungalows`)
    .refine((list) => new Set(list).size === list.length, 'Each bungalow may appear only once'),
  items: linesOf(
    z.strictObject({
      drinkId: drinkIdSchema,
      par: z
        .number({ error: 'Par must be a number' })
        .int('Par must be a whole number')
        .min(0, 'Par must be at least 0')
        .max(stockLimits.parMax, `Par must be at most ${stockLimits.parMax}`),
    }),
  ),
});
export type ParsInput = z.infer<typeof parsInputSchema>;

/** POST /api/restock/:bungalow: `{}` fills the fridge to its pars; `{items}` records what was really put in. */
export const restockInputSchema = z.strictObject({
  items: linesOf(z.strictObject({ drinkId: drinkIdSchema, quantity: bottles('Quantity', 1) })).optional(),
});
export type RestockInput = z.infer<typeof restockInputSchema>;

/** Query strings arrive as text: a whole number written in digits, then range-checked. */
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${label} must be a whole number`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${label} must be at least ${min}`).max(max, `${label} must be at most ${max}`),
    );

const placeFilterSchema = z
  .string()
  .refine(
    (place) =>
      place === storeroom ||
      bungalowOf(place) !== null ||
      ['supplier', 'guest', 'write-off', 'count'].includes(place),
    'Place must be storeroom, fridge:N, supplier, guest, write-off or count',
  );

/** GET /api/stock/moves: filters by drink, place (either end of a move) and resort days; `format=csv`. */
export const movesQuerySchema = z
  .strictObject({
    drink: wholeNumber('Drink', 1, limits.idMax).optional(),
    place: placeFilterSchema.optional(),
    from: dayStringSchema.optional(),
    to: dayStringSchema.optional(),
    page: wholeNumber('Page', 1, stockLimits.pageMax).default(1),
    format: z.enum(['json', 'csv'], { error: 'Format must be json or csv' }).default('json'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'The start date must not be after the end date',
    path: ['to'],
  });
export type MovesQuery = z.infer<typeof movesQuerySchema>;

export const pageQuerySchema = z.strictObject({
  page: wholeNumber('Page', 1, stockLimits.pageMax).default(1),
});
