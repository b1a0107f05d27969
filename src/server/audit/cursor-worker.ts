import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Expression, ExpressionBuilder, Kysely, Selectable, SqlBool } from 'kysely';
import type { Database } from '../db/tables';
import type { LiveHub } from '../live/live-hub';
import { describeError, type Logger } from '../logger';

/**
 * The scheduling and claiming that the readers of the audit with a cursor share: the webhook sender (one
 * row per endpoint, decision 095) and the PMS poster (the one connection, decision 200). Each row keeps a
 * cursor into the audit, when it may next be tried (`next_attempt_at`) and which app server works on it
 * (`lease_owner` until `lease_until`). This module decides when to look and which rows to work on; what a
 * worker sends and how it records outcomes stays with the reader (`work`).
 *
 * A round reads the audit's head and the candidate rows, and starts a worker for each row behind the head,
 * due and free. Rounds are started by the audit (the live hub's wake-ups, watched only while there is a
 * candidate, so a checkout costs nothing here otherwise), by a timer for the earliest row that becomes due or
 * free, by `wake` (a route changed a row), after each worker, and at least once a lease: another server's
 * lease may run out unannounced, and a row another server added is heard within it.
 *
 * A worker first claims its row by a conditional UPDATE (free, ours, or its lease run out), so on PostgreSQL
 * each row is worked by one server at a time; the reader's own writes keep the lease (`lease_owner = owner`)
 * and the cursor it read as their condition. A lease the worker did not give back is released when it ends,
 * also after an error; a server killed mid-work leaves its lease to run out.
 */

/** The tables whose rows are audit cursors with a lease. */
export type CursorTable = 'webhook_endpoints' | 'pms_connections';

/** What a round needs of a candidate row. */
export interface CursorCandidate {
  id: number;
  cursor: number | string;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
}

/** The worker's hold on its row: `work` sets `released` when its own last write gave the lease back. */
export interface Lease {
  released: boolean;
}

export interface CursorWorkerOptions<T extends CursorTable> {
  kysely: Kysely<Database>;
  live: LiveHub;
  logger: Logger;
  table: T;
  leaseMs: number;
  now: () => number;
  /** The rows that may have something to send (the enabled endpoints; the connection, if any). */
  candidates: () => Promise<CursorCandidate[]>;
  /** A row is claimed only while this holds too (an endpoint only while enabled). */
  claimableWhile?: (eb: ExpressionBuilder<Database, T>) => Expression<SqlBool>;
  /** Works on a claimed row until it is caught up, waits, fails, or the worker is stopped. */
  work: (row: Selectable<Database[T]>, lease: Lease) => Promise<void>;
  /** Called first on each of the audit's wake-ups (the webhook sender's held workers read on at once). */
  onAudit?: () => void;
  /** The audit's wake-ups start a round at most this often (0: each one at once). */
  roundEveryMs?: number;
  /** The log lines: a failed round, a worker that stopped on an error, and the field naming its row. */
  logs: { roundFailed: string; workStopped: string; rowField?: string };
}

export interface CursorWorker {
  /** This server's name in `lease_owner`: host, process and a random part (two senders in one process). */
  readonly owner: string;
  stopped(): boolean;
  start(): void;
  /** A round now (a route changed a row). */
  wake(): void;
  /** A round at `at` at the latest (a wait after a failure ends then). */
  wakeAt(at: number): void;
  /** Ends the watch and the timer and waits for the workers under way. */
  stop(): Promise<void>;
}

/** A failed round (the database away for a moment) or a worker stopped by an error is tried again after this. */
const retryMs = 1_000;

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * When a claimed cursor (a webhook endpoint, the PMS connection) may be worked on by `owner`: after its next
 * attempt is due and after another server's lease on it runs out (0: now).
 */
export function freeAt(
  row: { next_attempt_at: string | null; lease_owner: string | null; lease_until: string | null },
  owner: string,
): number {
  const due = row.next_attempt_at ? Date.parse(row.next_attempt_at) : 0;
  const leasedUntil =
    row.lease_owner && row.lease_owner !== owner && row.lease_until ? Date.parse(row.lease_until) : 0;
  return Math.max(due, leasedUntil);
}

export function createCursorWorker<T extends CursorTable>(options: CursorWorkerOptions<T>): CursorWorker {
  const { kysely, live, logger, leaseMs, now, logs } = options;
  const roundEveryMs = options.roundEveryMs ?? 0;
  // The queries here touch only the columns every `CursorTable` has.
  const table: CursorTable = options.table;
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;

  let stopped = true;
  let unwatch: (() => void) | undefined;
  let running = false;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let lastRoundAt = 0;
  /** Rows this server is working on now, by id. */
  const working = new Map<number, Promise<void>>();

  function wakeAt(at: number) {
    if (stopped || at >= timerAt) return;
    clearTimeout(timer);
    timerAt = at;
    timer = setTimeout(
      () => {
        timerAt = Number.POSITIVE_INFINITY;
        void round();
      },
      Math.max(0, at - now()),
    );
    timer.unref();
  }

  /** New events in the audit: a round now, or within `roundEveryMs` of the last one. */
  function auditMoved() {
    options.onAudit?.();
    // Without a limit, a round at once, whatever the clock did since the last one (stepped back, say).
    const wait = roundEveryMs > 0 ? lastRoundAt + roundEveryMs - now() : 0;
    if (wait <= 0) void round();
    else wakeAt(now() + wait);
  }

  /**
   * Watched only while there is a candidate: without one, a commit costs the server nothing here (the live
   * hub stays asleep unless a desk streams), and the look every lease still hears a row another server adds.
   */
  async function watchAudit() {
    const stop = await live.watch(auditMoved);
    if (stopped || unwatch) stop();
    else unwatch = stop;
  }

  function unwatchAudit() {
    unwatch?.();
    unwatch = undefined;
  }

  const readHead = async () =>
    Number(
      (await kysely.selectFrom('audit_head').select('seq').where('id', '=', 1).executeTakeFirst())?.seq ?? 0,
    );

  /** Finds the rows with something to do and starts a worker for each one due and free. */
  async function round(): Promise<void> {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        lastRoundAt = now();
        const head = await readHead();
        const rows = await options.candidates();
        if (rows.length === 0) unwatchAudit();
        else if (!unwatch) {
          await watchAudit();
          // Events committed between the head's read and the watch: read the head again.
          again = true;
        }
        const at = now();
        // Even with nothing due, look again within a lease: another server's lease may run out unannounced.
        let next = at + leaseMs;
        for (const row of rows) {
          if (Number(row.cursor) >= head || working.has(row.id)) continue;
          const free = freeAt(row, owner);
          if (free > at) next = Math.min(next, free);
          else startWorker(row.id);
        }
        wakeAt(next);
      } while (again && !stopped);
    } catch (error) {
      logger.warn(logs.roundFailed, describeError(error));
      wakeAt(now() + retryMs);
    } finally {
      running = false;
    }
  }

  function startWorker(id: number) {
    const work = claimAndWork(id)
      .catch((error) => {
        logger.warn(
          logs.workStopped,
          logs.rowField ? { [logs.rowField]: id, ...describeError(error) } : describeError(error),
        );
        wakeAt(now() + retryMs);
      })
      .finally(() => {
        working.delete(id);
        // Events may have come while this worker ran; the round decides.
        if (!stopped) void round();
      });
    working.set(id, work);
  }

  async function claimAndWork(id: number): Promise<void> {
    const at = now();
    let claim = kysely
      .updateTable(table)
      .set({ lease_owner: owner, lease_until: iso(at + leaseMs) })
      .where('id', '=', id);
    if (options.claimableWhile)
      // Written against the reader's own table; Kysely does not see that one table of the union is it.
      claim = claim.where(
        options.claimableWhile as (eb: ExpressionBuilder<Database, CursorTable>) => Expression<SqlBool>,
      );
    const claimed = await claim
      .where((eb) =>
        eb.or([
          eb('lease_owner', 'is', null),
          eb('lease_owner', '=', owner),
          eb('lease_until', '<', iso(at)),
        ]),
      )
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return;
    const lease: Lease = { released: false };
    try {
      await options.work(claimed as Selectable<Database[T]>, lease);
    } finally {
      if (!lease.released)
        await kysely
          .updateTable(table)
          .set({ lease_owner: null, lease_until: null })
          .where('id', '=', id)
          .where('lease_owner', '=', owner)
          .execute()
          .catch(() => {});
    }
  }

  return {
    owner,
    stopped: () => stopped,
    start() {
      if (!stopped) return;
      stopped = false;
      void round();
    },
    wake() {
      void round();
    },
    wakeAt,
    async stop() {
      stopped = true;
      unwatchAudit();
      clearTimeout(timer);
      timerAt = Number.POSITIVE_INFINITY;
      await Promise.allSettled([...working.values()]);
    },
  };
}
