import { z } from 'zod';
import { type PmsKind, pmsDefaultApiUrls, pmsKinds } from './pms-types';
import { httpUrlCheck } from './webhook-schemas';

export const pmsLimits = { textMax: 200, mappingsMax: 1_000 } as const;

const text = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(pmsLimits.textMax, `${name} must be at most ${pmsLimits.textMax} characters`);

/** The example in its error is the kind's own default. */
const apiUrlSchema = (kind: PmsKind) =>
  text('API URL').superRefine(httpUrlCheck('API URL', pmsDefaultApiUrls[kind]));

const kindSchema = z.enum(pmsKinds, { error: `Kind must be ${pmsKinds.join(' or ')}` });

/**
 * PUT /api/pms: the connection, by kind. A secret (`apiKey`; `clientToken`, `accessToken`) may be left out to
 * keep the one stored.
 */
export const pmsConnectionSchema = z.looseObject({ kind: kindSchema }).pipe(
  z.discriminatedUnion('kind', [
    z.strictObject({
      kind: z.literal('cloudbeds'),
      apiUrl: apiUrlSchema('cloudbeds').optional(),
      propertyId: text('Property ID').nullable().optional(),
      apiKey: text('API key').optional(),
    }),
    z.strictObject({
      kind: z.literal('mews'),
      apiUrl: apiUrlSchema('mews').optional(),
      serviceId: text('Service ID').optional(),
      taxCode: text('Tax rate code').nullable().optional(),
      clientToken: text('Client token').optional(),
      accessToken: text('Access token').optional(),
    }),
  ]),
);
export type PmsConnectionInput = z.infer<typeof pmsConnectionSchema>;

/** PUT /api/pms/mappings: the whole of both mappings, corrected by hand. */
export const pmsMappingsSchema = z.strictObject({
  rooms: z
    .array(
      z.strictObject({
        bungalow: z.number().int().min(1).max(9999),
        roomId: text('Room ID'),
        roomName: text('Room name'),
      }),
    )
    .max(pmsLimits.mappingsMax),
  items: z
    .array(z.strictObject({ drinkId: z.number().int().positive(), itemCode: text('Item code') }))
    .max(pmsLimits.mappingsMax),
});

export const pmsCommandSchema = z.strictObject({});

/** POST /api/pms/postings/:checkoutId/settle: why it was settled outside the PMS. */
export const pmsSettleSchema = z.strictObject({ note: text('Note') });
