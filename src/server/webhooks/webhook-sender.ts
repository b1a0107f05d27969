import { performance } from 'node:perf_hooks';
import type { Selectable, Transaction } from 'kysely';
import type { AuditActor } from '../../shared/audit-types';
import { allWebhookEvents } from '../../shared/webhook-schemas';
import { type WebhookOutcome, webhookIdOf } from '../../shared/webhook-types';
import { appendAudit, subject } from '../audit/audit-log';
import { createCursorWorker, type Lease } from '../audit/cursor-worker';
import { type WebhookConfig, webhookDefaults } from '../config';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { LiveHub } from '../live/live-hub';
import type { Logger } from '../logger';
import { revealStaffTextsInJson } from '../privacy/staff-texts';
import { openSecret, SecretUnreadableError } from '../secrets/secret-box';
import { createAddressRules } from './address-rules';
import { createDeliverer, type Deliverer, type DeliveryResult } from './deliver';
import { type AuditRowToSend, payloadOf } from './payload';
import { webhookSecretPlace } from './webhooks.repo';

/**
 * The webhook sender: one per app server, a reader of the audit like the live desk's hub (decision 074).
 *
 * Each endpoint keeps a cursor into the audit, the last seq it has had; what it still needs is
 * `audit_events where seq > cursor`, read in seq order, one event at a time, and the cursor moves only over
 * events the receiver answered 2xx (docs/decisions/095-webhooks-read-the-audit.md). Progress is saved every
 * 250 ms while sending, one write for many deliveries: a crash sends the unsaved ones again, never skips. A
 * worker that has caught up holds its endpoint for 2 s more, woken by the next event, so a stream of
 * checkouts costs no claim and release per event. Nothing is written to remember
 * what to send, and nothing is written in a checkout's transaction: a checkout's commit only wakes the live
 * hub, whose watch wakes this sender, which then works on its own time.
 *
 * One server sends a given endpoint's events at a time: it holds the endpoint's lease (`lease_owner`,
 * `lease_until`), taken by a conditional UPDATE (../audit/cursor-worker.ts, shared with the PMS poster) and renewed by each save while it has more than half its time
 * left (a delivery times out long before), and every cursor move is conditional on the lease and on the
 * cursor it read (a resend or another server's work in between stops this
 * one). A server killed mid-delivery leaves its lease to run out and its cursor where it was: the event is
 * sent again (at least once), never skipped.
 */

/** The app itself, as the audit names it when the sender disables an endpoint. */
export const webhookSenderActor: AuditActor = {
  id: null,
  name: 'Webhook sender',
  role: 'system',
  device: null,
};

/** Audit events read per query for one endpoint. */
const readBatch = 100;
/** A receiver's Retry-After is honoured up to the schedule's longest wait (10 h). */
const longestRetryAfterMs = Math.max(...webhookDefaults.retryDelaysMs);
/**
 * A worker that has sent everything keeps its endpoint this long for the next event (the live hub's wake-up):
 * under a stream of checkouts it then never claims and releases the endpoint again and again, each a write.
 */
const holdIdleMs = 2_000;
/** The audit's wake-ups start a round (two reads) at most this often; a held worker hears them at once. */
const roundEveryMs = 200;
/** The log keeps each endpoint's latest 10,000 attempts, trimmed every 50 saves of a worker. */
const logDefaults = { kept: 10_000, trimEverySaves: 50 };
/** Deliveries that worked are saved (attempts, cursor) at least this often while sending. */
const saveEveryMs = 250;
/**
 * Deliveries yield to requests: while this server's event loop was busier than `busyShare` over the last
 * `busySampleMs`, a delivery waits in steps of `yieldStepMs`, until its event is `yieldLimitMs` old. A burst
 * of checkouts is answered at full speed and its webhooks follow it; a server busy for longer still delivers,
 * at most that far behind. Every delivery is work on the one event loop the checkouts share (signing, the
 * request, its answer), and on a small machine the receivers' too.
 */
const busyShare = 0.8;
/** Or this many writes received within one sample (50 a second). */
const busyWrites = 5;
const busySampleMs = 100;
const yieldStepMs = 50;
const yieldLimitMs = 10_000;

type EndpointRow = Selectable<Database['webhook_endpoints']>;

export interface WebhookSender {
  /** Starts watching the audit (the live hub's wake-ups) and sends what is due. */
  start(): Promise<void>;
  /** Look at the endpoints again now (a route changed one). */
  wake(): void;
  /** Ends the watch and waits for deliveries under way (their cursors stay consistent either way). */
  stop(): Promise<void>;
}

export interface WebhookSenderOptions {
  db: Db;
  config: WebhookConfig;
  logger: Logger;
  live: LiveHub;
  /** Milliseconds since the epoch; real time by default (retries wait on real timers). */
  now?: () => number;
  /** 0..1, for the retries' jitter. */
  random?: () => number;
  /**
   * How many writes (POST, PUT, DELETE) this server has received so far: a burst of them (the checkouts of a
   * busy evening, a load test) keeps deliveries waiting even when the database, not the event loop, is what
   * the writes wait on. Without it, the event loop's load alone decides.
   */
  writesReceived?: () => number;
  /** The log's length per endpoint, and how often a worker trims it (tests shorten both). */
  log?: { kept: number; trimEverySaves: number };
}

const iso = (ms: number) => new Date(ms).toISOString();

/** The endpoint wants this event: its actions (or `*`); a test event only to the endpoint it tests. */
export function wants(
  endpoint: Pick<EndpointRow, 'id' | 'events'>,
  event: Pick<AuditRowToSend, 'action' | 'subject_id'>,
) {
  if (event.action === 'webhook.tested') return event.subject_id === String(endpoint.id);
  const events = JSON.parse(endpoint.events) as string[];
  return events.includes(allWebhookEvents) || events.includes(event.action);
}

/** The wait before try n + 1 after n failures in a row: the schedule (its last step repeats), ±10 %. */
export function retryDelay(schedule: readonly number[], failuresInRow: number, random: () => number): number {
  const base = schedule[Math.min(failuresInRow, schedule.length) - 1] ?? schedule.at(-1) ?? 0;
  return Math.round(base * (0.9 + 0.2 * random()));
}

function durationText(ms: number): string {
  const hours = ms / 3_600_000;
  if (hours >= 48) return `${Math.round(hours / 24)} days`;
  if (hours >= 1) return `${Math.round(hours)} hours`;
  return `${Math.round(ms / 1000)} seconds`;
}

export function createWebhookSender(options: WebhookSenderOptions): WebhookSender {
  const { db, config, logger, live } = options;
  const { kysely } = db;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const log = options.log ?? logDefaults;
  const rules = createAddressRules(config.allowedHosts);
  let deliverer: Deliverer | undefined;
  /** The rounds, timers, wake-ups and leases; what is sent and recorded is this file's. */
  const cursors = createCursorWorker({
    kysely,
    live,
    logger,
    table: 'webhook_endpoints',
    leaseMs: config.leaseMs,
    now,
    candidates: () =>
      kysely
        .selectFrom('webhook_endpoints')
        .select(['id', 'cursor', 'next_attempt_at', 'lease_owner', 'lease_until'])
        .where('enabled', '=', 1)
        .execute(),
    claimableWhile: (eb) => eb('enabled', '=', 1),
    work: sendEndpoint,
    onAudit: auditHeard,
    roundEveryMs,
    logs: {
      roundFailed: 'webhooks: reading the endpoints failed; retrying',
      workStopped: 'webhooks: sending stopped; retrying',
      rowField: 'endpoint',
    },
  });
  const { owner } = cursors;
  /**
   * Bumped when a route here changed an endpoint (`wake`): a worker reads its endpoint again (with a save)
   * before its next delivery, so a new secret, address or filter applies from the next event on.
   */
  let endpointsChanged = 0;
  const writesReceived = options.writesReceived ?? (() => 0);
  let loopSample = performance.eventLoopUtilization();
  let writesSample = writesReceived();
  let loopSampledAt = performance.now();
  let busy = false;
  /** The event loop's busy share or the writes received over the last sample, taken at most every 100 ms. */
  function serverBusy(): boolean {
    if (performance.now() - loopSampledAt >= busySampleMs) {
      const sample = performance.eventLoopUtilization();
      const writes = writesReceived();
      busy =
        performance.eventLoopUtilization(sample, loopSample).utilization > busyShare ||
        writes - writesSample >= busyWrites;
      loopSample = sample;
      writesSample = writes;
      loopSampledAt = performance.now();
    }
    return busy;
  }
  /** Resolved (and replaced) when the audit has new events: what a held worker waits on. */
  let heard = newSignal();

  function newSignal() {
    let resolve: (value: boolean) => void = () => {};
    const promise = new Promise<boolean>((done) => {
      resolve = done;
    });
    return { promise, resolve };
  }

  /** New events in the audit: held workers read on now (the cursor worker's round follows). */
  function auditHeard() {
    const signal = heard;
    heard = newSignal();
    signal.resolve(true);
  }

  /** True when new events came within `ms`; false on timeout or stop. */
  function eventsWithin(ms: number, signal: { promise: Promise<boolean> }): Promise<boolean> {
    if (cursors.stopped()) return Promise.resolve(false);
    let timeout: NodeJS.Timeout | undefined;
    return Promise.race([
      signal.promise,
      new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), ms);
        timeout.unref();
      }),
    ]).finally(() => clearTimeout(timeout));
  }

  /** Sends a claimed endpoint's events from its cursor on, in order, until it has caught up or one fails. */
  async function sendEndpoint(claimed: EndpointRow, lease: Lease): Promise<void> {
    const { id } = claimed;
    /** The endpoint as stored at the last save. */
    let endpoint: EndpointRow = claimed;
    /** How far this worker has got: past `endpoint.cursor` by what is not saved yet. */
    let cursor = Number(claimed.cursor);
    const unsaved: AttemptRow[] = [];
    let lastSuccessAt: string | null = null;
    let savedAt = now();
    let changesSeen = endpointsChanged;
    let saves = 0;
    const leaseRunningOut = () => Date.parse(endpoint.lease_until ?? '') - now() < config.leaseMs / 2;

    /**
     * Saves the progress: the attempts delivered, the cursor after them, the lease renewed. One write for many
     * deliveries (each would otherwise be a durable commit of its own beside the checkouts'). Conditional on
     * the endpoint being as read (enabled, ours, its cursor where it was): false when a person or another
     * server changed it (a resend, a disable), and this worker stops.
     */
    const save = async (release = false): Promise<boolean> => {
      if (
        !release &&
        cursor === Number(endpoint.cursor) &&
        unsaved.length === 0 &&
        !leaseRunningOut() &&
        changesSeen === endpointsChanged
      )
        return true;
      changesSeen = endpointsChanged;
      const attempts = unsaved.splice(0);
      const success = lastSuccessAt;
      lastSuccessAt = null;
      savedAt = now();
      const row = await kysely.transaction().execute(async (trx) => {
        const moved = await trx
          .updateTable('webhook_endpoints')
          .set({
            cursor,
            ...(release
              ? { lease_owner: null, lease_until: null }
              : { lease_until: iso(now() + config.leaseMs) }),
            ...(success
              ? { last_success_at: success, failures_in_row: 0, failing_since: null, next_attempt_at: null }
              : {}),
          })
          .where('id', '=', id)
          .where('enabled', '=', 1)
          .where('lease_owner', '=', owner)
          .where('cursor', '=', endpoint.cursor)
          .returningAll()
          .executeTakeFirst();
        // The attempts happened whatever changed meanwhile; only a deleted endpoint takes its log with it.
        const stillThere =
          moved ??
          (await trx.selectFrom('webhook_endpoints').select('id').where('id', '=', id).executeTakeFirst());
        if (attempts.length > 0 && stillThere) {
          await trx.insertInto('webhook_attempts').values(attempts).execute();
          if (++saves % log.trimEverySaves === 0) await trimLog(trx, id);
        }
        return moved;
      });
      if (!row) return false;
      endpoint = row;
      return true;
    };

    // The lease is given back by the last save, or by `failed`; else the cursor worker releases it.
    try {
      while (!cursors.stopped()) {
        if (endpoint.next_attempt_at && Date.parse(endpoint.next_attempt_at) > now()) break;
        // Taken before the read: an event committed after it wakes the hold below at once.
        const signal = heard;
        const read = await kysely
          .selectFrom('audit_events')
          .select([
            'seq',
            'at',
            'actor_name',
            'actor_role',
            'action',
            'subject_type',
            'subject_id',
            'details',
          ])
          .where('seq', '>', cursor)
          .orderBy('seq')
          .limit(readBatch)
          .execute();
        // The staff's free text as it is now: after an erase, without the erased guest's name (decision 168).
        const details = await revealStaffTextsInJson(
          kysely,
          read.map((event) => event.details),
        );
        const events = read.map((event, i) => ({ ...event, details: details[i] ?? event.details }));
        if (events.length === 0) {
          // Caught up. Under a stream of checkouts this happens after nearly every event: saving here each
          // time was a write transaction per event and endpoint, so the save waits for its 250 ms unless the
          // stream pauses first. Then hold the endpoint a moment for what comes next.
          const saveDueIn = savedAt + saveEveryMs - now();
          // The live hub wakes watchers at most every `liveLimits.readEveryMs`: a stream of events is read a
          // few at a time.
          if (saveDueIn > 0 && (await eventsWithin(saveDueIn, signal))) continue;
          if (!(await save())) return;
          if (await eventsWithin(holdIdleMs, signal)) continue;
          break;
        }
        for (const event of events) {
          const seq = Number(event.seq);
          if (!wants(endpoint, event)) {
            cursor = seq;
            continue;
          }
          if (
            leaseRunningOut() ||
            unsaved.length >= readBatch ||
            now() - savedAt >= saveEveryMs ||
            changesSeen !== endpointsChanged
          ) {
            if (!(await save())) return;
            // Read again with the save: a person may have changed what it wants.
            if (!wants(endpoint, event)) {
              cursor = seq;
              continue;
            }
          }
          // The checkouts first: while the server is busy, a delivery waits (its lease kept), up to a bound.
          while (!cursors.stopped() && serverBusy() && now() - Date.parse(event.at) < yieldLimitMs) {
            await new Promise((resolve) => setTimeout(resolve, yieldStepMs));
            if (leaseRunningOut() && !(await save())) return;
          }
          if (cursors.stopped()) break;
          const result = await deliver(endpoint, event);
          if (result.status !== null && result.status >= 200 && result.status < 300) {
            unsaved.push(attemptRow(endpoint, event, result, 'delivered', null));
            cursor = seq;
            lastSuccessAt = iso(now());
            if (cursors.stopped()) break;
          } else {
            if (await save()) {
              await failed(endpoint, event, result);
              lease.released = true;
            }
            return;
          }
        }
      }
    } finally {
      // Also after an error (the database away): what was delivered is saved if it can be, else sent again.
      if (!lease.released && (await save(true).catch(() => false))) lease.released = true;
    }
  }

  function deliver(endpoint: EndpointRow, event: AuditRowToSend): Promise<DeliveryResult> {
    const at = now();
    const place = webhookSecretPlace(endpoint.url);
    let secrets: string[];
    try {
      secrets = [openSecret(endpoint.secret, place)];
    } catch (error) {
      if (!(error instanceof SecretUnreadableError)) throw error;
      // Nothing is sent unsigned, nor signed with what a wrong key made of the secret: a failure the log shows.
      const response = `Not sent: this webhook's stored secret cannot be used: ${error.message}`;
      return Promise.resolve({ startedAt: at, status: null, response, durationMs: 0, retryAfterMs: null });
    }
    if (
      endpoint.previous_secret &&
      endpoint.previous_secret_until &&
      Date.parse(endpoint.previous_secret_until) > at
    ) {
      // The overlap's old secret signs too when it opens; the new one is the receiver's from now on anyway.
      try {
        secrets.push(openSecret(endpoint.previous_secret, place));
      } catch (error) {
        if (!(error instanceof SecretUnreadableError)) throw error;
      }
    }
    deliverer ??= createDeliverer({ rules, timeoutMs: config.timeoutMs, now });
    return deliverer.deliver({
      url: endpoint.url,
      webhookId: webhookIdOf(Number(event.seq)),
      body: JSON.stringify(payloadOf(event)),
      secrets,
      timestamp: Math.floor(at / 1000),
    });
  }

  type AttemptRow = ReturnType<typeof attemptRow>;

  /** Drops an endpoint's attempts older than its latest `log.kept`. */
  async function trimLog(trx: Transaction<Database>, id: number) {
    const oldestKept = await trx
      .selectFrom('webhook_attempts')
      .select('id')
      .where('endpoint_id', '=', id)
      .orderBy('id', 'desc')
      .limit(1)
      .offset(log.kept - 1)
      .executeTakeFirst();
    if (oldestKept)
      await trx
        .deleteFrom('webhook_attempts')
        .where('endpoint_id', '=', id)
        .where('id', '<', oldestKept.id)
        .execute();
  }
  const attemptRow = (
    endpoint: EndpointRow,
    event: AuditRowToSend,
    result: DeliveryResult,
    outcome: WebhookOutcome,
    nextAttemptAt: string | null,
  ) => ({
    endpoint_id: endpoint.id,
    seq: Number(event.seq),
    action: event.action,
    attempted_at: iso(result.startedAt),
    status: result.status,
    response: result.response,
    duration_ms: result.durationMs,
    outcome,
    next_attempt_at: nextAttemptAt,
  });

  /** Anything else: wait by the schedule (or Retry-After), or disable on a 410 or after days of failures. */
  async function failed(endpoint: EndpointRow, event: AuditRowToSend, result: DeliveryResult) {
    const at = now();
    const failingSince = endpoint.failing_since ?? iso(at);
    const failures = endpoint.failures_in_row + 1;
    const disableReason =
      result.status === 410
        ? 'The endpoint answered 410 Gone'
        : at - Date.parse(failingSince) >= config.giveUpAfterMs
          ? `Every delivery failed for ${durationText(config.giveUpAfterMs)}`
          : null;
    const wait =
      result.retryAfterMs !== null
        ? Math.min(result.retryAfterMs, longestRetryAfterMs)
        : retryDelay(config.retryDelaysMs, failures, random);
    const nextAttemptAt = disableReason ? null : iso(at + wait);
    await kysely.transaction().execute(async (trx) => {
      await trx
        .insertInto('webhook_attempts')
        .values(attemptRow(endpoint, event, result, disableReason ? 'disabled' : 'retrying', nextAttemptAt))
        .execute();
      const changed = await trx
        .updateTable('webhook_endpoints')
        .set({
          failures_in_row: failures,
          failing_since: failingSince,
          next_attempt_at: nextAttemptAt,
          ...(disableReason ? { enabled: 0, disabled_reason: disableReason } : {}),
          lease_owner: null,
          lease_until: null,
        })
        .where('id', '=', endpoint.id)
        .where('lease_owner', '=', owner)
        .where('cursor', '=', endpoint.cursor)
        .executeTakeFirst();
      if (disableReason && Number(changed.numUpdatedRows) === 1) {
        await appendAudit(trx, {
          actor: webhookSenderActor,
          action: 'webhook.disabled',
          subject: subject('webhook', endpoint.id),
          details: { url: endpoint.url, reason: disableReason, failingSince, failures },
          at: iso(at),
        });
      }
    });
    if (disableReason)
      logger.warn('webhooks: endpoint disabled', { endpoint: endpoint.id, reason: disableReason });
    else cursors.wakeAt(at + wait);
  }

  return {
    async start() {
      cursors.start();
    },
    wake() {
      endpointsChanged++;
      cursors.wake();
    },
    async stop() {
      // A held worker hears this after `cursors.stop` has marked the sender stopped (it runs on at once).
      heard.resolve(false);
      await cursors.stop();
      await deliverer?.close().catch(() => {});
      deliverer = undefined;
    },
  };
}
