import { z } from 'zod';
import { auditActions } from './audit-types';
import { staffLimits } from './staff-constants';

/** What the webhook forms and routes accept (DESIGN.md, "The resort's other systems hear it"). */
export const webhookLimits = {
  urlMax: 2_000,
  descriptionMax: 200,
  /** A secret sent back (`whsec_` and 44 characters of base64 today). */
  secretMax: 200,
  /** Attempts per page of the delivery log. */
  attemptsPage: 50,
} as const;

/** Every event, present and future: what a no-code tool that sorts for itself asks for. */
export const allWebhookEvents = '*';

export const webhookEventSchema = z.enum([allWebhookEvents, ...auditActions], {
  error: 'Each event must be * or one of the recorded actions (checkout.recorded, payment.recorded, …)',
});

/**
 * An address the server sends to (a webhook endpoint, the PMS's API): a full http(s) URL with no user name or
 * password in it; `label` names the field in the messages, `example` shows a good one.
 */
export function httpUrlCheck(label: string, example: string) {
  return (value: string, ctx: z.RefinementCtx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${label} must be a full address such as ${example}` });
      return;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      ctx.addIssue({ code: 'custom', message: `${label} must start with https:// or http://` });
    else if (url.username || url.password)
      ctx.addIssue({ code: 'custom', message: `${label} must not carry a user name or password` });
  };
}

/**
 * An http(s) URL without a user name or password (it would be shown in every list). Which addresses it may
 * reach is the server's rule (WEBHOOK_ALLOWED_HOSTS, src/server/webhooks/address-rules.ts): the browser cannot
 * know the resort's network nor resolve names.
 */
export const webhookUrlSchema = z
  .string({ error: 'URL is required' })
  .trim()
  .min(1, 'URL is required')
  .max(webhookLimits.urlMax, `URL must be at most ${webhookLimits.urlMax} characters`)
  .superRefine(httpUrlCheck('URL', 'https://pms.example.com/hooks'));

const eventsSchema = z
  .array(webhookEventSchema, { error: 'Events must be a list of actions, or ["*"] for all' })
  .min(1, 'Choose at least one event, or * for all')
  .max(100, 'At most 100 events')
  .transform((events) => (events.includes(allWebhookEvents) ? [allWebhookEvents] : [...new Set(events)]));

const descriptionSchema = z
  .string()
  .trim()
  .max(
    webhookLimits.descriptionMax,
    `Description must be at most ${webhookLimits.descriptionMax} characters`,
  );

export const webhookCreateSchema = z.strictObject({
  url: webhookUrlSchema,
  events: eventsSchema,
  description: descriptionSchema.default(''),
});
export type WebhookCreateInput = z.input<typeof webhookCreateSchema>;

export const webhookUpdateSchema = z
  .strictObject({
    url: webhookUrlSchema.optional(),
    events: eventsSchema.optional(),
    description: descriptionSchema.optional(),
    enabled: z.boolean({ error: 'Enabled must be true or false' }).optional(),
    /**
     * The endpoint's current secret: required with a new URL (422 `secret_required`), since a stored secret
     * goes only to the address it was given for (seventh stage).
     */
    secret: z
      .string({ error: 'Secret must be text' })
      .trim()
      .min(1, 'Secret must not be empty')
      .max(webhookLimits.secretMax, `Secret must be at most ${webhookLimits.secretMax} characters`)
      .optional(),
  })
  .refine((input) => Object.keys(input).length > 0, { message: 'Send at least one field to change' });
export type WebhookUpdateInput = z.input<typeof webhookUpdateSchema>;

export const webhookResendSchema = z.strictObject({
  fromSeq: z
    .number({ error: 'fromSeq must be an audit event number' })
    .int('fromSeq must be a whole number')
    .min(1, 'fromSeq must be at least 1'),
});

/** Rotate and test take no fields (a write's body is JSON: `{}`). */
export const webhookCommandSchema = z.strictObject({});

export const webhookAttemptsQuerySchema = z.strictObject({
  page: z
    .string()
    .regex(/^\d{1,9}$/, 'Page must be a whole number')
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, 'Page must be at least 1')
        .max(staffLimits.pageMax, `Page must be at most ${staffLimits.pageMax}`),
    )
    .default(1),
});
