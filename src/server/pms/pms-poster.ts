import type { Selectable } from 'kysely';
import { Agent, buildConnector, type Dispatcher } from 'undici';
import type { CheckoutLine } from '../../shared/api-types';
import type { AuditActor } from '../../shared/audit-types';
import { settleAtDeskReason } from '../../shared/pms-types';
import { netOf, vatOf } from '../../shared/tax';
import { appendAudit, subject } from '../audit/audit-log';
import { createCursorWorker, type Lease } from '../audit/cursor-worker';
import type { WebhookConfig } from '../config';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import type { LiveHub } from '../live/live-hub';
import { describeError, type Logger } from '../logger';
import type { PmsDayReader } from '../round/pms-day';
import { openSecret, type SecretPlace, SecretUnreadableError } from '../secrets/secret-box';
import { currentDocumentRow, readTaxContext, type TaxContext } from '../tax/tax-documents';
import { createAddressRules } from '../webhooks/address-rules';
import { checkedLookup, RefusedAddressError } from '../webhooks/url-check';
import { retryDelay } from '../webhooks/webhook-sender';
import { createCloudbedsAdapter } from './cloudbeds';
import { createMewsAdapter } from './mews';
import {
  keptReason,
  type PmsAdapter,
  type PmsAnswer,
  type PmsCredentials,
  type PmsFailure,
  type PmsLine,
  type PmsSettings,
} from './pms-adapter';

/**
 * The PMS poster: one per app server, a second reader of the audit beside the webhook sender
 * (docs/decisions/200-pms-posts-from-the-audit.md). The connection keeps a cursor into the audit; the poster
 * reads `audit_events where seq > cursor` in seq order, and for each checkout event (recorded, revised, voided)
 * and each "post again" makes the checkout's folio in the PMS what the event says: void what was posted, post
 * the lines. Each event's outcome is saved on the checkout's posting row, then the cursor moves past it by an
 * update conditional on the lease and on the cursor read (the claiming it shares with the webhook sender,
 * ../audit/cursor-worker.ts: one server posts at a time on PostgreSQL).
 *
 * At least once: a server killed between the PMS's answer and the save posts again, under the same reference,
 * which the PMS deduplicates on (Cloudbeds' referenceID; the Mews adapter looks for its order items first,
 * docs/decisions/202-mews-adapter.md). A void is saved on its own before the new post, so a
 * repeat never voids twice. A PMS that does not answer (or answers 5xx, 429) holds the cursor: tried again
 * after the webhooks' schedule of waits, later events wait behind it, in order, across restarts (the wait is
 * stored). A post the PMS refuses, or one that cannot be made (no reservation in house, a mapping missing, the
 * credentials refused) is kept as failed with the reason, for the desk, and the cursor moves on.
 */

export interface PmsPoster {
  start(): Promise<void>;
  /** Look at the connection again now (a route changed it, or asked to post again). */
  wake(): void;
  /**
   * Reads today's PMS day now, so its in-house guests become stays (what the schedule does while started, every
   * `dayEveryMs`); answers when that read is done, failed or not. Nothing without a PMS connected.
   */
  importStays(): Promise<void>;
  stop(): Promise<void>;
}

export interface PmsPosterOptions {
  db: Db;
  logger: Logger;
  live: LiveHub;
  /**
   * The webhooks' settings the poster shares: the waits after failures in a row, the lease's length, and the
   * hosts, addresses and ranges of the resort's network the PMS's URL may reach (WEBHOOK_ALLOWED_HOSTS).
   */
  config: Pick<WebhookConfig, 'retryDelaysMs' | 'leaseMs' | 'allowedHosts'>;
  now?: () => number;
  random?: () => number;
  /** The adapter for a connection (tests may count calls); by kind otherwise. */
  adapterFor?: (settings: PmsSettings) => PmsAdapter;
  /**
   * The app server's reader of the PMS's day, shared with the round (../round/pms-day.ts): read for today on the
   * poster's schedule, its in-house guests become stays whether or not anyone reads the round (decision 248).
   * Without one the poster only posts.
   */
  day?: PmsDayReader;
  /** How often today's day is read while the poster runs: the reader's `keptMs` unless given; 0, never by itself. */
  dayEveryMs?: number;
}

type ConnectionRow = Selectable<Database['pms_connections']>;
type PostingRow = Selectable<Database['pms_postings']>;

/** The app itself, as the audit names it when the poster posts or fails to. */
export const pmsPosterActor: AuditActor = { id: null, name: 'PMS poster', role: 'system', device: null };

/** The audit events that change what a folio should hold. */
export const pmsPostedActions = [
  'checkout.recorded',
  'checkout.revised',
  'checkout.voided',
  'pms.post_again',
];

const readBatch = 50;
const iso = (ms: number) => new Date(ms).toISOString();

/** What `pms_connections.credentials` holds: the secrets, and Mews' service and tax code beside them. */
export interface StoredCredentials extends PmsCredentials {
  serviceId?: string | null;
  taxCode?: string | null;
}

/** The vendor's secrets in `credentials`, each sealed on its own (secret-box.ts) beside the plain fields. */
export const pmsSecretNames = ['apiKey', 'clientToken', 'accessToken'] as const;
export type PmsSecretName = (typeof pmsSecretNames)[number];
const pmsSecretLabels: Record<PmsSecretName, string> = {
  apiKey: 'API key',
  clientToken: 'client token',
  accessToken: 'access token',
};

/** A PMS secret opens only for its connection's kind and address (secret-follows-address.ts). */
export const pmsSecretPlace = (kind: string, name: PmsSecretName, apiUrl: string): SecretPlace => ({
  purpose: `pms ${kind} ${name}`,
  address: apiUrl,
});

/**
 * A stored secret this server's key does not open, as the adapter's own `credentials` failure: never sent,
 * garbled or not, and the poster, "Test connection" and the round read it like the PMS refusing who we are.
 */
export const pmsSecretUnreadable = (name: PmsSecretName, error: SecretUnreadableError): PmsFailure => ({
  ok: false,
  failure: 'credentials',
  reason: `The PMS connection's stored ${pmsSecretLabels[name]} cannot be used: ${error.message}`,
});

/** The connection's settings, its secrets opened: never for an answer. */
export function settingsOf(row: ConnectionRow): PmsAnswer<PmsSettings> {
  const stored = JSON.parse(row.credentials) as StoredCredentials;
  const credentials: PmsCredentials = {};
  for (const name of pmsSecretNames) {
    const value = stored[name];
    if (value === undefined) continue;
    try {
      credentials[name] = openSecret(value, pmsSecretPlace(row.kind, name, row.api_url));
    } catch (error) {
      if (error instanceof SecretUnreadableError) return pmsSecretUnreadable(name, error);
      throw error;
    }
  }
  return {
    ok: true,
    value: {
      kind: row.kind as PmsSettings['kind'],
      apiUrl: row.api_url,
      propertyId: row.property_id,
      serviceId: stored.serviceId ?? null,
      taxCode: stored.taxCode ?? null,
      credentials,
    },
  };
}

/**
 * The connections the adapters make, through the webhooks' address rules (WEBHOOK_ALLOWED_HOSTS names the
 * resort's own network): the name resolved once, every address checked, the connection made to what was checked.
 * An IP literal is never looked up, so the host itself is checked at every connection too (seventh stage), as
 * the webhooks' deliverer does: a URL saved before the rules changed, or written into the database, is refused.
 */
export function pmsDispatcher(allowedHosts: readonly string[]): Dispatcher {
  const rules = createAddressRules(allowedHosts);
  const connect = buildConnector({ lookup: checkedLookup(rules) });
  return new Agent({
    connect: (options, callback) => {
      const refused = rules.refuseHost(options.hostname);
      if (refused) return callback(new RefusedAddressError(refused), null);
      return connect(options, callback);
    },
    keepAliveTimeout: 10_000,
  });
}

/** The adapter of the connection's kind. */
export const adapterOf = (settings: PmsSettings, dispatcher: Dispatcher): PmsAdapter =>
  settings.kind === 'mews'
    ? createMewsAdapter(settings, dispatcher)
    : createCloudbedsAdapter(settings, dispatcher);

/**
 * The reference of a checkout's next post: its document's number (a revision with tax has a new one), or
 * `FC-<id>`. Suffixed (`-2`, `-3`) only when an earlier post the PMS took carried that number already, since
 * the PMS refuses a reference twice; a post it did not take keeps its reference (`posts` did not move), so a
 * post that reached it unanswered is not made twice.
 */
export function referenceOf(base: string, lastReference: string | null, posts: number): string {
  const taken = lastReference !== null && (lastReference === base || lastReference.startsWith(`${base}-`));
  return taken ? `${base}-${posts + 1}` : base;
}

/** What the folio should hold after an event: the lines and their reference, or nothing (voided). */
interface Wanted {
  bungalow: number;
  lines: CheckoutLine[] | null;
  total: number;
  documentNumber: string | null;
  at: string;
}

/**
 * The room and item mappings and the tax settings, read once per batch of events (when one needs them) rather
 * than once per event: read after the batch, so they are at least as new as every event in it (a mapping fixed
 * before a "post again" is seen by it).
 */
interface Lookups {
  rooms: Map<number, Selectable<Database['pms_room_map']>>;
  items: Map<number, string>;
  tax: TaxContext['tax'];
}

interface EventRow {
  seq: number | string;
  at: string;
  action: string;
  subject_id: string | null;
  details: string;
}

export function createPmsPoster(options: PmsPosterOptions): PmsPoster {
  const { db, logger, live, config } = options;
  const { kysely } = db;
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const dispatcher = pmsDispatcher(config.allowedHosts);
  const adapterFor = options.adapterFor ?? ((settings: PmsSettings) => adapterOf(settings, dispatcher));
  /** The rounds, timers, wake-ups and the lease; what is posted and recorded is this file's. */
  const cursors = createCursorWorker({
    kysely,
    live,
    logger,
    table: 'pms_connections',
    leaseMs: config.leaseMs,
    now,
    candidates: async () => {
      const connection = await kysely.selectFrom('pms_connections').selectAll().executeTakeFirst();
      return connection ? [connection] : [];
    },
    work: postFrom,
    logs: {
      roundFailed: 'pms: reading the connection failed; retrying',
      workStopped: 'pms: posting stopped; retrying',
    },
  });
  const { owner } = cursors;

  /** Posts the claimed connection's events from its cursor on, in order, until caught up or the PMS is away. */
  async function postFrom(claimed: ConnectionRow, lease: Lease): Promise<void> {
    const { id } = claimed;
    let connection = claimed;
    const settings = settingsOf(connection);
    if (!settings.ok) {
      // A secret this server's key does not open: nothing is sent, and the checkouts wait (in order) for the key
      // or the secret entered again rather than each failing; the Integrations page shows why.
      logger.error('pms: a stored secret cannot be used; nothing is sent', { reason: settings.reason });
      await unreachable(connection, settings.reason, null);
      lease.released = true;
      return;
    }
    const adapter = adapterFor(settings.value);
    while (!cursors.stopped()) {
      if (connection.next_attempt_at && Date.parse(connection.next_attempt_at) > now()) break;
      const events = (await kysely
        .selectFrom('audit_events')
        .select(['seq', 'at', 'action', 'subject_id', 'details'])
        .where('seq', '>', connection.cursor)
        .orderBy('seq')
        .limit(readBatch)
        .execute()) as EventRow[];
      if (events.length === 0) break;
      let lookups: Promise<Lookups> | undefined;
      const lookupsOnce = () => {
        lookups ??= readLookups();
        return lookups;
      };
      const last = events.length - 1;
      for (const [i, event] of events.entries()) {
        if (cursors.stopped()) break;
        const seq = Number(event.seq);
        const posts = pmsPostedActions.includes(event.action);
        // An event that changes no folio (most of the audit) is passed over without a write: the cursor moves
        // past it with the next one that does, or with the batch's last.
        if (!posts && i < last) continue;
        const outcome = posts
          ? await apply(adapter, connection, event, lookupsOnce)
          : ({ ok: true, value: undefined } as const);
        if (!outcome.ok) {
          await unreachable(connection, outcome.reason, outcome.retryAfterMs ?? null);
          lease.released = true;
          return;
        }
        const moved = await kysely
          .updateTable('pms_connections')
          .set({
            cursor: seq,
            lease_until: iso(now() + config.leaseMs),
            failures_in_row: 0,
            failing_since: null,
            next_attempt_at: null,
            last_error: null,
          })
          .where('id', '=', id)
          .where('lease_owner', '=', owner)
          .where('cursor', '=', connection.cursor)
          .returningAll()
          .executeTakeFirst();
        if (!moved) return;
        connection = moved;
      }
    }
  }

  /** The PMS did not answer: wait by the schedule (or its Retry-After), the cursor where it is. */
  async function unreachable(connection: ConnectionRow, reason: string, retryAfter: number | null) {
    const at = now();
    const failures = connection.failures_in_row + 1;
    const wait = retryAfter ?? retryDelay(config.retryDelaysMs, failures, random);
    await kysely
      .updateTable('pms_connections')
      .set({
        failures_in_row: failures,
        failing_since: connection.failing_since ?? iso(at),
        next_attempt_at: iso(at + wait),
        last_error: keptReason(reason),
        lease_owner: null,
        lease_until: null,
      })
      .where('id', '=', connection.id)
      .where('lease_owner', '=', owner)
      .execute();
    logger.warn('pms: the PMS did not answer; trying again', { reason, failures, waitMs: wait });
    cursors.wakeAt(at + wait);
  }

  async function readLookups(): Promise<Lookups> {
    const rooms = await kysely.selectFrom('pms_room_map').selectAll().execute();
    const items = await kysely.selectFrom('pms_item_map').selectAll().execute();
    const { tax } = await readTaxContext(kysely);
    return {
      rooms: new Map(rooms.map((row) => [row.bungalow, row])),
      items: new Map(items.map((row) => [row.drink_id, row.item_code])),
      tax,
    };
  }

  async function wantedOf(event: EventRow): Promise<Wanted | null> {
    const details = JSON.parse(event.details) as Record<string, unknown>;
    const checkoutId = Number(event.subject_id);
    if (event.action === 'checkout.recorded')
      return {
        bungalow: Number(details.bungalow),
        lines: details.lines as CheckoutLine[],
        total: Number(details.total),
        documentNumber: (details.documentNumber as string | undefined) ?? null,
        at: event.at,
      };
    if (event.action === 'checkout.revised') {
      const after = details.after as { lines: CheckoutLine[]; total: number };
      return {
        bungalow: Number(details.bungalow),
        lines: after.lines,
        total: after.total,
        documentNumber: (details.documentNumber as string | undefined) ?? null,
        at: event.at,
      };
    }
    if (event.action === 'checkout.voided')
      return {
        bungalow: Number(details.bungalow),
        lines: null,
        total: 0,
        documentNumber: null,
        at: event.at,
      };
    // Post again: the checkout as it is now.
    const checkout = await kysely
      .selectFrom('checkouts')
      .select(['id', 'bungalow', 'total', 'voided_at', 'created_at'])
      .where('id', '=', checkoutId)
      .executeTakeFirst();
    if (!checkout) return null;
    const lines = await kysely
      .selectFrom('checkout_lines')
      .select(['drink_id', 'drink_name', 'quantity', 'unit_price', 'line_total'])
      .where('checkout_id', '=', checkoutId)
      .orderBy('id')
      .execute();
    const document = await currentDocumentRow(kysely, checkoutId);
    return {
      bungalow: checkout.bungalow,
      lines: checkout.voided_at
        ? null
        : lines.map((l) => ({
            drinkId: l.drink_id,
            drinkName: l.drink_name,
            quantity: l.quantity,
            unitPrice: l.unit_price,
            lineTotal: l.line_total,
          })),
      total: checkout.total,
      documentNumber: document?.number ?? null,
      at: checkout.created_at,
    };
  }

  /**
   * Makes the checkout's folio what the event says. Answers not ok only when the PMS could not be reached:
   * everything else is kept on the checkout's posting row.
   */
  async function apply(
    adapter: PmsAdapter,
    connection: ConnectionRow,
    event: EventRow,
    lookups: () => Promise<Lookups>,
  ): Promise<PmsAnswer<void>> {
    const checkoutId = Number(event.subject_id);
    const seq = Number(event.seq);
    const wanted = await wantedOf(event);
    if (!wanted) return { ok: true, value: undefined };
    let posting = await kysely
      .selectFrom('pms_postings')
      .selectAll()
      .where('checkout_id', '=', checkoutId)
      .executeTakeFirst();
    // Settled outside the PMS by the desk: only the desk's "post again" posts it.
    if (posting?.state === 'settled' && event.action !== 'pms.post_again')
      return { ok: true, value: undefined };

    /** The posting's row, and for an outcome the desk follows, its audit event in the same transaction. */
    const save = async (
      fields: Partial<PostingRow> & { state: string },
      action?: 'pms.posted' | 'pms.post_failed',
    ) => {
      const at = iso(now());
      const row = {
        bungalow: wanted.bungalow,
        reason: null,
        settle_at_desk: 0,
        seq,
        updated_at: at,
        ...fields,
      };
      posting = await kysely.transaction().execute(async (trx) => {
        const saved = await trx
          .insertInto('pms_postings')
          .values({ checkout_id: checkoutId, posts: 0, ...row })
          .onConflict((oc) => oc.column('checkout_id').doUpdateSet(row))
          .returningAll()
          .executeTakeFirstOrThrow();
        if (action)
          await appendAudit(trx, {
            actor: pmsPosterActor,
            action,
            subject: subject('checkout', checkoutId),
            // Never the PMS's words (they may name the guest): they stay on the posting's row.
            details: {
              bungalow: wanted.bungalow,
              ...(saved.reference && action === 'pms.posted' ? { reference: saved.reference } : {}),
            },
            at,
          });
        return saved;
      });
    };
    const failed = (reason: string, settleAtDesk = false) =>
      save(
        { state: 'failed', reason: keptReason(reason), settle_at_desk: settleAtDesk ? 1 : 0 },
        'pms.post_failed',
      );

    // What was posted goes first: a revision voids and posts again, a void voids.
    if (posting?.state === 'posted' && posting.posting_id && posting.reservation_id) {
      const voided = await adapter.void(posting.reservation_id, posting.posting_id);
      if (!voided.ok) {
        if (voided.failure === 'unreachable') return voided;
        await failed(`Could not void what was posted before: ${voided.reason}`);
        return { ok: true, value: undefined };
      }
      // Saved on its own: a repeat of this event never voids twice.
      await save({ state: 'voided', posting_id: null, posted_total: null });
    }
    if (!wanted.lines || wanted.lines.length === 0) {
      await save({ state: 'voided', posting_id: null, posted_total: null });
      return { ok: true, value: undefined };
    }

    const { rooms, items, tax } = await lookups();
    const room = rooms.get(wanted.bungalow);
    if (!room) {
      await failed(`Bungalow ${wanted.bungalow} has no PMS room mapped`);
      return { ok: true, value: undefined };
    }
    const unmapped = wanted.lines.filter((line) => !items.has(line.drinkId)).map((line) => line.drinkName);
    if (unmapped.length > 0) {
      await failed(`No PMS item mapped for ${unmapped.join(', ')}`);
      return { ok: true, value: undefined };
    }
    let reservation = await adapter.inHouse(room.room_id);
    // None in house: a check made after the guest checked out in the PMS goes to that departed reservation,
    // which both vendors' documents allow (docs/pms.md, "Charges after the guest has left").
    const departed = reservation.ok && !reservation.value;
    if (departed) reservation = await adapter.departed(room.room_id, wanted.at);
    if (!reservation.ok) {
      if (reservation.failure === 'unreachable') return reservation;
      await failed(reservation.reason);
      return { ok: true, value: undefined };
    }
    if (!reservation.value) {
      await failed(`No reservation checked in to room ${room.room_name} in the PMS`);
      return { ok: true, value: undefined };
    }
    const guest = reservation.value;
    const lines: PmsLine[] = wanted.lines.map((line) => ({
      itemCode: items.get(line.drinkId) ?? '',
      name: line.drinkName,
      quantity: line.quantity,
      unitPrice: tax ? netOf(line.unitPrice, tax.vatRate) : line.unitPrice * 100,
      vat: tax ? line.quantity * vatOf(line.unitPrice, tax.vatRate) : 0,
      unitGross: line.unitPrice * 100,
    }));
    const posts = posting?.posts ?? 0;
    const reference = referenceOf(
      wanted.documentNumber ?? `FC-${checkoutId}`,
      posting?.reference ?? null,
      posts,
    );
    const posted = await adapter.post({
      reservationId: guest.reservationId,
      roomPartId: guest.roomPartId,
      accountId: guest.accountId,
      roomId: room.room_id,
      reference,
      lines,
      vatName: tax ? `VAT ${tax.vatRate / 100}%` : 'VAT',
      saleDate: wanted.at,
    });
    if (!posted.ok) {
      if (posted.failure === 'unreachable') return posted;
      // The guest has left and the PMS would not take it on their bill: the desk collects it.
      await failed(departed ? `${settleAtDeskReason}: ${posted.reason}` : posted.reason, departed);
      return { ok: true, value: undefined };
    }
    await save(
      {
        state: 'posted',
        reservation_id: guest.reservationId,
        posting_id: posted.value,
        reference,
        posted_total: wanted.total,
        posts: posts + 1,
      },
      'pms.posted',
    );
    logger.info('pms: posted', { checkout: checkoutId, reference, connection: connection.id });
    return { ok: true, value: undefined };
  }

  /**
   * Today's PMS day on a timer of its own beside the cursor's: the poster's rounds run only when the audit moves
   * or a wait ends, and a guest checked in at the PMS moves neither. The read is the round's, kept a minute, so
   * a tick within a round's minute asks the PMS nothing.
   */
  const { day } = options;
  const dayEveryMs = options.dayEveryMs ?? day?.keptMs ?? 0;
  let dayTimer: NodeJS.Timeout | undefined;
  let dayRead: Promise<void> | undefined;

  function importStays(): Promise<void> {
    if (!day) return Promise.resolve();
    dayRead ??= day
      .readToday()
      .then(
        (answer) => {
          if (answer && !answer.ok)
            logger.debug("pms: today's day not read; the stays wait for the next", { reason: answer.reason });
        },
        (error) =>
          logger.warn("pms: importing today's in-house guests failed; trying again", describeError(error)),
      )
      .finally(() => {
        dayRead = undefined;
      });
    return dayRead;
  }

  function dayTick() {
    if (cursors.stopped()) return;
    void importStays().then(() => {
      if (cursors.stopped()) return;
      dayTimer = setTimeout(dayTick, dayEveryMs);
      dayTimer.unref();
    });
  }

  return {
    async start() {
      const starting = cursors.stopped();
      cursors.start();
      if (starting && day && dayEveryMs > 0) dayTick();
    },
    wake() {
      cursors.wake();
    },
    importStays,
    async stop() {
      clearTimeout(dayTimer);
      dayTimer = undefined;
      await cursors.stop();
      await dayRead;
    },
  };
}
