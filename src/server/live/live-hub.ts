import type pg from 'pg';
import {
  type LiveAction,
  type LiveEvent,
  liveActions,
  liveControlEvents,
  roundActions,
} from '../../shared/live-types';
import type { Db } from '../db/database';
import { describeError, type Logger } from '../logger';
import { liveEventOf } from './live-events';

/**
 * The live desk's hub: one per app server. It reads the audit trail (it never keeps a record of its own) and
 * hands each open stream the events after the last one that stream has, in seq order, each exactly once.
 *
 * What wakes it:
 * - SQLite (one process): the database handle's commit hook, after every COMMIT (src/server/db/database.ts);
 * - PostgreSQL (any number of app servers): NOTIFY on `audit:<schema>`, sent by a trigger on audit_events
 *   and delivered only when the writing transaction commits (migration 010), heard on a LISTEN connection
 *   of this server's own (not from the pool), which reconnects after a drop;
 * - a poll every `liveLimits.pollMs` while streams are open, in case a wake-up was lost anyway.
 * A wake-up only says "read again": the hub reads `seq > last read`, so a lost, late or doubled notification
 * costs nothing but time, and a reconnect catches up by the same read.
 *
 * Why seq order is commit order: every append updates the one audit_head row (on PostgreSQL at the COMMIT,
 * migration 011), which stays locked until its transaction ends, so no event becomes readable before the
 * events numbered below it.
 */

export const liveLimits = {
  /** A comment on every stream this often, so proxies and NATs keep it open. */
  heartbeatMs: 20_000,
  /** Read the audit this often anyway while streams are open (a lost wake-up waits at most this long). */
  pollMs: 20_000,
  /** A client further behind than this many audit events is told to reload instead of replaying them. */
  catchUpMaxEvents: 10_000,
  /** Recent live events kept in memory, so a reconnect after a short drop costs no database read. */
  recentEvents: 1_000,
  /** Audit rows read per query. */
  readPage: 500,
  /**
   * The hub moves on at most this often (a read of the audit or its head, or PostgreSQL's notifications taken
   * together): under a stream of commits one read takes several events and the watchers are woken once for
   * them, and on SQLite a read outside a transaction commits the group of transactions waiting for their
   * COMMIT (decision 100): a read after every commit would end every group after its first transaction.
   */
  readEveryMs: 20,
  /** LISTEN reconnect back-off: first wait and the longest. */
  reconnectFirstMs: 100,
  reconnectMaxMs: 5_000,
  /** Stop listening this long after the last stream closed (a page reload does not churn connections). */
  idleStopMs: 1_000,
} as const;

/** An event ready to send: its SSE text is made once, however many streams carry it. */
export interface LiveMessage {
  event: LiveEvent;
  /** `id: <seq>\ndata: <json>\n\n` */
  sse: string;
}

export interface LiveSubscriber {
  /** First: the stream starts after `seq` (before any catch-up is delivered). */
  start(seq: number): void;
  /** New events, in seq order, never one this subscriber already had. Must not throw or block. */
  deliver(messages: LiveMessage[]): void;
  /** The subscriber was too far behind (or ahead) to catch up: it is now at `seq`. */
  reset(seq: number): void;
  /** The hub is shutting down (the server stops): end the stream. */
  end(): void;
}

export interface LiveSubscription {
  /** The seq this subscriber has everything up to (for the stream's first message). */
  position(): number;
  unsubscribe(): void;
}

export interface LiveHubStats {
  streams: number;
  /** The last audit seq the hub has read. */
  lastSeq: number;
  /** PostgreSQL: the backend pid of the LISTEN connection while connected (the stress test ends it). */
  listenerPid: number | null;
  listenerConnects: number;
}

export interface LiveHub {
  /**
   * Starts a subscriber after `lastEventId` (catching up from the audit), or at the present when null.
   * Resolves once the catch-up is delivered.
   */
  subscribe(lastEventId: number | null, subscriber: LiveSubscriber): Promise<LiveSubscription>;
  /**
   * Calls `listener` with the last audit seq after each read that found new events, whatever their action:
   * the webhook sender's wake-up (src/server/webhooks/webhook-sender.ts). The hub stays started (its LISTEN
   * connection open) while anyone watches. Returns the function that stops it.
   */
  watch(listener: (seq: number) => void): Promise<() => void>;
  /** Read the audit now (tests and the bench use it to measure without waiting for a poll). */
  wake(): void;
  stats(): LiveHubStats;
  /** Ends every stream and the LISTEN connection (the server stops). */
  close(): Promise<void>;
}

interface Subscriber {
  out: LiveSubscriber;
  /** Everything with a seq up to here was delivered (or was not a live event). */
  sent: number;
  catchingUp: boolean;
  gone: boolean;
}

interface AuditRow {
  seq: number;
  at: string;
  action: string;
  subject_id: string | null;
  details: string;
}

const liveActionSet = new Set<string>(liveActions);

const roundActionSet = new Set<string>(roundActions);

/** The event's message, and `round.changed` after it (the same id) when it moves the departure round. */
export function sseOf(event: LiveEvent): string {
  const message = `id: ${event.seq}\ndata: ${JSON.stringify(event)}\n\n`;
  if (!roundActionSet.has(event.action)) return message;
  const round = JSON.stringify({ bungalow: event.bungalow });
  return `${message}event: ${liveControlEvents.roundChanged}\nid: ${event.seq}\ndata: ${round}\n\n`;
}

export function createLiveHub({ db, logger }: { db: Db; logger: Logger }): LiveHub {
  const subscribers = new Set<Subscriber>();
  const watchers = new Set<(seq: number) => void>();
  /** Bumped by each start and stop: a read begun before a stop must not touch the next start's state. */
  let generation = 0;
  let started: Promise<void> | null = null;
  let closed = false;
  /** The last audit seq read. */
  let known = 0;
  /** PostgreSQL: the highest seq a notification announced (committed, so readable). */
  let notified = 0;
  /** `recent` holds every live event with floor < seq <= known. */
  let floor = 0;
  let recent: LiveMessage[] = [];
  let reading = false;
  let readAgain = false;
  let lastReadAt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let pollTimer: NodeJS.Timeout | undefined;
  let idleTimer: NodeJS.Timeout | undefined;
  /** Subscribes still starting: the idle stop waits for them too. */
  let joining = 0;
  let stopCommitHook: (() => void) | undefined;
  let listener: pg.Client | null = null;
  let listenerPid: number | null = null;
  let listenerConnects = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  let reconnectWait: number = liveLimits.reconnectFirstMs;

  const { kysely } = db;

  const readHead = async (): Promise<number> => {
    const row = await kysely
      .selectFrom('audit_events')
      .select((eb) => eb.fn.max('seq').as('seq'))
      .executeTakeFirst();
    return Number(row?.seq ?? 0);
  };

  const toMessages = (rows: AuditRow[]): LiveMessage[] =>
    rows.flatMap((row) => {
      const event = liveEventOf(row);
      return event ? [{ event, sse: sseOf(event) }] : [];
    });

  /** The live events in (after, upTo], at most one page: a subscriber's catch-up beyond what `recent` holds. */
  const readLive = async (
    after: number,
    upTo: number,
  ): Promise<{ rows: AuditRow[]; messages: LiveMessage[] }> => {
    const rows = await kysely
      .selectFrom('audit_events')
      .select(['seq', 'at', 'action', 'subject_id', 'details'])
      .where('seq', '>', after)
      .where('seq', '<=', upTo)
      .where('action', 'in', liveActions as readonly LiveAction[] as LiveAction[])
      .orderBy('seq')
      .limit(liveLimits.readPage)
      .execute();
    return { rows, messages: toMessages(rows) };
  };

  /** Delivers to a subscriber what it lacks: from `recent` when it holds it, else from the audit, page by page. */
  async function bringUp(sub: Subscriber, gen: number): Promise<void> {
    while (!sub.gone && gen === generation) {
      if (sub.sent >= floor) {
        const missing = recent.filter((message) => message.event.seq > sub.sent);
        if (missing.length > 0) sub.out.deliver(missing);
        sub.sent = Math.max(sub.sent, known);
        sub.catchingUp = false;
        return;
      }
      const upTo = known;
      const { rows, messages } = await readLive(sub.sent, upTo);
      if (sub.gone || gen !== generation) return;
      if (messages.length > 0) sub.out.deliver(messages);
      const last = rows.at(-1);
      sub.sent = rows.length === liveLimits.readPage && last ? last.seq : upTo;
    }
  }

  /** Reads the audit after `known` and hands the new live events to every subscriber that is not catching up. */
  async function advance(): Promise<void> {
    if (reading) {
      readAgain = true;
      return;
    }
    if (!started || closed) return;
    const gen = generation;
    reading = true;
    try {
      let full = false;
      do {
        readAgain = false;
        const wait = lastReadAt + liveLimits.readEveryMs - Date.now();
        if (wait > 0 && !full) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          if (gen !== generation) return;
          // The commits announced during the wait are in the read that follows.
          readAgain = false;
        }
        lastReadAt = Date.now();
        if (subscribers.size === 0 && joining === 0) {
          // Only watchers (the webhook sender), who read the audit themselves: the head is all they need, and
          // one seek of it costs a commit far less than reading and parsing the events nobody streams. On
          // PostgreSQL the notification said it already: no read at all.
          const head = notified > known ? notified : await readHead();
          if (gen !== generation) return;
          // A stream joined during the read: read the events after all, for it.
          if (subscribers.size > 0 || joining > 0) {
            readAgain = true;
            continue;
          }
          if (head > known) {
            known = head;
            recent = [];
            floor = known;
            for (const watcher of watchers) watcher(known);
          }
          continue;
        }
        const rows = await kysely
          .selectFrom('audit_events')
          .select(['seq', 'at', 'action', 'subject_id', 'details'])
          .where('seq', '>', known)
          .orderBy('seq')
          .limit(liveLimits.readPage)
          .execute();
        if (gen !== generation) return;
        full = rows.length === liveLimits.readPage;
        const last = rows.at(-1);
        if (!last) continue;
        const fresh = toMessages(rows.filter((row) => liveActionSet.has(row.action)));
        known = last.seq;
        recent.push(...fresh);
        if (recent.length > liveLimits.recentEvents) {
          const dropped = recent.splice(0, recent.length - liveLimits.recentEvents);
          floor = dropped.at(-1)?.event.seq ?? floor;
        }
        for (const sub of subscribers) {
          if (sub.catchingUp || sub.gone) continue;
          const due = fresh.filter((message) => message.event.seq > sub.sent);
          if (due.length > 0) sub.out.deliver(due);
          sub.sent = Math.max(sub.sent, known);
        }
        for (const watcher of watchers) watcher(known);
      } while ((readAgain || full) && gen === generation);
    } catch (error) {
      // The database is away for a moment: try again shortly; the events wait in the audit.
      logger.warn('live: reading the audit failed; retrying', describeError(error));
      clearTimeout(retryTimer);
      retryTimer = setTimeout(() => void advance(), 1_000);
      retryTimer.unref();
    } finally {
      reading = false;
      // A wake-up that came while this read ran (perhaps for the next start, after a stop).
      if (readAgain) void advance();
    }
  }

  function scheduleReconnect(gen: number) {
    if (closed || gen !== generation || reconnectTimer) return;
    const wait = reconnectWait;
    reconnectWait = Math.min(reconnectWait * 2, liveLimits.reconnectMaxMs);
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen(gen);
    }, wait);
    reconnectTimer.unref();
  }

  /** Opens this server's LISTEN connection; after each (re)connect, catches up from the audit. */
  async function listen(gen: number): Promise<void> {
    if (!db.dedicatedClient || closed || gen !== generation) return;
    const client = db.dedicatedClient('fridge-check live');
    let dropped = false;
    const onDrop = (error?: Error) => {
      if (dropped) return;
      dropped = true;
      if (listener === client) {
        listener = null;
        listenerPid = null;
      }
      client.end().catch(() => {});
      if (gen !== generation || closed) return;
      logger.warn('live: the LISTEN connection dropped; reconnecting', error ? describeError(error) : {});
      scheduleReconnect(gen);
    };
    client.on('error', onDrop);
    client.on('end', () => onDrop());
    client.on('notification', (message) => {
      // The payload is the event's seq (migration 010's trigger), sent once it is committed.
      const seq = Number(message.payload);
      if (Number.isInteger(seq) && seq > notified) notified = seq;
      void advance();
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ schema: string }>('select current_schema() as schema');
      const channel = `audit:${rows[0]?.schema ?? 'public'}`;
      await client.query(`listen "${channel.replaceAll('"', '""')}"`);
    } catch (error) {
      onDrop(error as Error);
      return;
    }
    if (dropped) return;
    if (gen !== generation || closed) {
      client.end().catch(() => {});
      return;
    }
    listener = client;
    listenerPid = (client as unknown as { processID: number | null }).processID ?? null;
    listenerConnects++;
    reconnectWait = liveLimits.reconnectFirstMs;
    // What was committed while nobody listened (before the first LISTEN, or during a drop).
    void advance();
  }

  function start(): Promise<void> {
    const gen = ++generation;
    return (async () => {
      known = await readHead();
      floor = known;
      recent = [];
      if (gen !== generation) return;
      if (db.onCommit) stopCommitHook = db.onCommit(() => void advance());
      pollTimer = setInterval(() => void advance(), liveLimits.pollMs);
      pollTimer.unref();
      if (db.dedicatedClient) await listen(gen);
    })();
  }

  function stop() {
    generation++;
    started = null;
    stopCommitHook?.();
    stopCommitHook = undefined;
    clearInterval(pollTimer);
    clearTimeout(retryTimer);
    clearTimeout(reconnectTimer);
    reconnectTimer = undefined;
    const client = listener;
    listener = null;
    listenerPid = null;
    client?.end().catch(() => {});
  }

  async function ensureStarted(): Promise<void> {
    clearTimeout(idleTimer);
    if (!started) {
      started = start();
      started.catch(() => {
        started = null;
      });
    }
    await started;
  }

  /** Stops the hub a moment after the last stream and the last watcher have gone. */
  function stopWhenIdle() {
    if (subscribers.size > 0 || watchers.size > 0 || closed) return;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (subscribers.size === 0 && watchers.size === 0 && joining === 0) stop();
    }, liveLimits.idleStopMs);
    idleTimer.unref();
  }

  return {
    async subscribe(lastEventId, out) {
      if (closed) throw new Error('The live hub is closed');
      joining++;
      try {
        await ensureStarted();
      } finally {
        joining--;
      }
      const sub: Subscriber = { out, sent: known, catchingUp: true, gone: false };
      subscribers.add(sub);
      const subscription: LiveSubscription = {
        position: () => sub.sent,
        unsubscribe() {
          if (sub.gone) return;
          sub.gone = true;
          subscribers.delete(sub);
          stopWhenIdle();
        },
      };
      try {
        if (lastEventId !== null) {
          // Ahead of what this server has read: another server may have sent it already; the audit says.
          const head = lastEventId > known ? await readHead() : known;
          if (lastEventId > head || known - lastEventId > liveLimits.catchUpMaxEvents) {
            sub.sent = Math.max(known, head);
            out.reset(sub.sent);
          } else {
            sub.sent = lastEventId;
          }
        }
        out.start(sub.sent);
        await bringUp(sub, generation);
      } catch (error) {
        subscription.unsubscribe();
        throw error;
      }
      return subscription;
    },
    async watch(listener) {
      if (closed) throw new Error('The live hub is closed');
      watchers.add(listener);
      joining++;
      try {
        await ensureStarted();
      } catch (error) {
        watchers.delete(listener);
        throw error;
      } finally {
        joining--;
      }
      return () => {
        if (watchers.delete(listener)) stopWhenIdle();
      };
    },
    wake: () => void advance(),
    stats: () => ({ streams: subscribers.size, lastSeq: known, listenerPid, listenerConnects }),
    async close() {
      closed = true;
      clearTimeout(idleTimer);
      for (const sub of subscribers) {
        sub.gone = true;
        sub.out.end();
      }
      subscribers.clear();
      watchers.clear();
      stop();
    },
  };
}
