import type { Kysely, Selectable } from 'kysely';
import { webhookLimits } from '../../shared/webhook-schemas';
import {
  type WebhookAttemptsPage,
  type WebhookEndpoint,
  type WebhookOutcome,
  type WebhookWithSecret,
  webhookIdOf,
} from '../../shared/webhook-types';
import { actionIs } from '../audit/audit-indexes';
import { appendAudit, type Change, changedFields, changedNothing, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, notFound } from '../http/errors';
import { openSecret, type SecretPlace, SecretUnreadableError, sealSecret } from '../secrets/secret-box';
import {
  addressMoved,
  sameSecret,
  secretNotTheStoredOne,
  secretRequired,
} from '../secrets/secret-follows-address';
import { newWebhookSecret } from './signature';

type EndpointRow = Selectable<Database['webhook_endpoints']>;

export interface WebhookFields {
  url: string;
  events: string[];
  description: string;
}

function endpointOf(row: EndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    description: row.description,
    enabled: row.enabled === 1,
    disabledReason: row.disabled_reason,
    createdAt: row.created_at,
    health: {
      lastSuccessAt: row.last_success_at,
      failuresInRow: row.failures_in_row,
      failingSince: row.failing_since,
      nextAttemptAt: row.next_attempt_at,
      deliveredUpTo: Number(row.cursor),
    },
  };
}

/** What the audit keeps of an endpoint: never its secret. */
const audited = (e: Pick<WebhookEndpoint, 'url' | 'events' | 'description' | 'enabled'>) => ({
  url: e.url,
  events: e.events,
  description: e.description,
  enabled: e.enabled,
});

const notFoundWebhook = () => notFound('Webhook');

/** A webhook's secrets open only for its address (secret-box.ts): one moved in the database signs nothing. */
export const webhookSecretPlace = (url: string): SecretPlace => ({ purpose: 'webhook', address: url });

const sendItsSecret =
  "Send the webhook's current secret (shown when it was added or last rotated) with the new URL, or rotate the secret and send the new one";

/**
 * A new URL keeps the endpoint's secret only when the change sends it (secret-follows-address.ts): the secret
 * is sealed for the new address, and the previous one of a rotation signs no more (it was the old receiver's).
 * A secret sent without a new URL must be the stored one too. Answers the fields to set.
 */
function secretFollowing(before: EndpointRow, input: { url?: string; secret?: string }) {
  const moved = addressMoved({ address: before.url }, { address: input.url });
  if (input.secret === undefined) {
    if (moved) throw secretRequired('Secret', 'secret', "the webhook's address", sendItsSecret);
    return {};
  }
  let stored: string;
  try {
    stored = openSecret(before.secret, webhookSecretPlace(before.url));
  } catch (error) {
    if (!(error instanceof SecretUnreadableError)) throw error;
    throw new HttpError(
      409,
      'conflict',
      `This webhook's stored secret cannot be used: ${error.message}. Rotate its secret, then change the URL with the new one`,
    );
  }
  if (!sameSecret(input.secret, stored)) throw secretNotTheStoredOne('Secret', 'secret', sendItsSecret);
  if (!moved || input.url === undefined) return {};
  return {
    secret: sealSecret(stored, webhookSecretPlace(input.url)),
    previous_secret: null,
    previous_secret_until: null,
  };
}

/** The endpoints and their log; every change is audited in its own transaction (the Activity page shows it). */
export function createWebhooksRepo({ kysely }: Db) {
  /** The endpoint as stored (in `db`: the handle, or the transaction that changes it), else 404. */
  const find = async (id: number, db: Kysely<Database> = kysely) => {
    const row = await db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFoundWebhook();
    return row;
  };

  return {
    async list(): Promise<WebhookEndpoint[]> {
      const rows = await kysely.selectFrom('webhook_endpoints').selectAll().orderBy('id').execute();
      return rows.map(endpointOf);
    },

    async get(id: number): Promise<WebhookEndpoint> {
      return endpointOf(await find(id));
    },

    /** Starts at the present: an endpoint hears what happens from now (a resend reaches back). */
    async create(input: WebhookFields, change: Change): Promise<WebhookWithSecret> {
      const secret = newWebhookSecret();
      return kysely.transaction().execute(async (trx) => {
        const head = await trx.selectFrom('audit_head').select('seq').where('id', '=', 1).executeTakeFirst();
        const row = await trx
          .insertInto('webhook_endpoints')
          .values({
            url: input.url,
            events: JSON.stringify(input.events),
            description: input.description,
            enabled: 1,
            secret: sealSecret(secret, webhookSecretPlace(input.url)),
            cursor: Number(head?.seq ?? 0),
            failures_in_row: 0,
            created_at: change.at,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        const endpoint = endpointOf(row);
        await appendAudit(trx, {
          ...change,
          action: 'webhook.created',
          subject: subject('webhook', row.id),
          details: { after: audited(endpoint) },
        });
        return { ...endpoint, secret };
      });
    },

    async update(
      id: number,
      input: Partial<WebhookFields> & { enabled?: boolean; secret?: string },
      change: Change,
    ): Promise<WebhookEndpoint> {
      return kysely.transaction().execute(async (trx) => {
        const before = await find(id, trx);
        const secretFields = secretFollowing(before, input);
        const wasEnabled = before.enabled === 1;
        const enabled = input.enabled ?? wasEnabled;
        const row = await trx
          .updateTable('webhook_endpoints')
          .set({
            ...(input.url !== undefined ? { url: input.url } : {}),
            ...secretFields,
            ...(input.events !== undefined ? { events: JSON.stringify(input.events) } : {}),
            ...(input.description !== undefined ? { description: input.description } : {}),
            enabled: enabled ? 1 : 0,
            // Enabled again: a fresh start, tried at once; the events it missed still wait behind its cursor.
            ...(enabled && !wasEnabled
              ? { disabled_reason: null, failures_in_row: 0, failing_since: null, next_attempt_at: null }
              : {}),
            ...(!enabled && wasEnabled ? { disabled_reason: `Disabled by ${change.actor.name}` } : {}),
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        const fields = changedFields(audited(endpointOf(before)), audited(endpointOf(row)));
        if (!changedNothing(fields)) {
          await appendAudit(trx, {
            ...change,
            action: 'webhook.changed',
            subject: subject('webhook', id),
            details: { url: row.url, ...fields },
          });
        }
        return endpointOf(row);
      });
    },

    async remove(id: number, change: Change): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        const row = await trx
          .deleteFrom('webhook_endpoints')
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirst();
        if (!row) throw notFoundWebhook();
        await appendAudit(trx, {
          ...change,
          action: 'webhook.deleted',
          subject: subject('webhook', id),
          details: { before: audited(endpointOf(row)) },
        });
      });
    },

    /** A new secret; the old one keeps signing (a second signature) until `overlapMs` from now. */
    async rotateSecret(id: number, overlapMs: number, change: Change): Promise<WebhookWithSecret> {
      const secret = newWebhookSecret();
      return kysely.transaction().execute(async (trx) => {
        const before = await find(id, trx);
        const until = new Date(Date.parse(change.at) + overlapMs).toISOString();
        const row = await trx
          .updateTable('webhook_endpoints')
          .set({
            secret: sealSecret(secret, webhookSecretPlace(before.url)),
            // Sealed for the same address: it opens as it is.
            previous_secret: before.secret,
            previous_secret_until: until,
          })
          .where('id', '=', id)
          .returningAll()
          .executeTakeFirstOrThrow();
        await appendAudit(trx, {
          ...change,
          action: 'webhook.secret_rotated',
          subject: subject('webhook', id),
          details: { url: row.url, previousSecretUntil: until },
        });
        return { ...endpointOf(row), secret };
      });
    },

    async attempts(id: number, page: number): Promise<WebhookAttemptsPage> {
      await find(id);
      const size = webhookLimits.attemptsPage;
      const rows = await kysely
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('endpoint_id', '=', id)
        .orderBy('id', 'desc')
        .limit(size + 1)
        .offset((page - 1) * size)
        .execute();
      return {
        attempts: rows.slice(0, size).map((row) => ({
          id: row.id,
          webhookId: webhookIdOf(Number(row.seq)),
          seq: Number(row.seq),
          type: row.action,
          at: row.attempted_at,
          status: row.status,
          response: row.response,
          durationMs: row.duration_ms,
          outcome: row.outcome as WebhookOutcome,
          nextAttemptAt: row.next_attempt_at,
        })),
        hasMore: rows.length > size,
      };
    },

    /** Sends again from event `fromSeq` on: the cursor goes back to just before it, and it is tried now. */
    async resend(id: number, fromSeq: number, change: Change): Promise<void> {
      await kysely.transaction().execute(async (trx) => {
        const row = await find(id, trx);
        const head = await trx.selectFrom('audit_head').select('seq').where('id', '=', 1).executeTakeFirst();
        if (fromSeq > Number(head?.seq ?? 0))
          throw new HttpError(422, 'validation_failed', `There is no event ${fromSeq} yet`, [
            { path: 'fromSeq', message: `The last event is ${Number(head?.seq ?? 0)}` },
          ]);
        await trx
          .updateTable('webhook_endpoints')
          .set({ cursor: fromSeq - 1, next_attempt_at: null })
          .where('id', '=', id)
          .execute();
        await appendAudit(trx, {
          ...change,
          action: 'webhook.resent',
          subject: subject('webhook', id),
          details: { url: row.url, fromSeq },
        });
      });
    },

    /** Records a `webhook.tested` event, which the sender delivers to this endpoint only; answers its seq. */
    async sendTest(id: number, change: Change): Promise<number> {
      const row = await find(id);
      if (row.enabled !== 1)
        throw new HttpError(409, 'conflict', 'This webhook is disabled: enable it to send a test event');
      await kysely.transaction().execute((trx) =>
        appendAudit(trx, {
          ...change,
          action: 'webhook.tested',
          subject: subject('webhook', id),
          details: { url: row.url },
        }),
      );
      // The seq is the database's to give at the commit (decision 075): read it back.
      const event = await kysely
        .selectFrom('audit_events')
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where((eb) => actionIs(eb, 'webhook.tested'))
        .where('subject_id', '=', String(id))
        .executeTakeFirst();
      return Number(event?.seq ?? 0);
    },
  };
}
