import { sql, type Transaction } from 'kysely';
import { isPostgres } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError } from '../http/errors';

/** The windows of the two limits (DESIGN.md, "Public writes are bounded"). */
export const checkoutLimitWindows = {
  addressMs: 10 * 60 * 1000,
  bungalowMs: 60 * 60 * 1000,
} as const;

/** The first half of the PostgreSQL advisory lock that holds one bungalow's count (the second is its number). */
const bungalowLockKey = 0x636c; // "cl"

/** Most addresses remembered at once; past it the quietest are forgotten (a forgotten address starts afresh). */
const addressesMax = 10_000;

export interface CheckoutLimitSettings {
  /** Anonymous writes per client address per 10 minutes; 0 = no limit. */
  perAddress: number;
  /** Writes per bungalow per hour, counted in the database; 0 = no limit. */
  perBungalow: number;
}

/**
 * The limits one request's write passes through. The repo calls `beforeWrite` only when the request would
 * write (a new record or a revision): a repeat of a check, a refused input or a 409 never counts.
 */
export interface WriteGate {
  /**
   * First in the transaction, before any row is read for update: a gate that serialises a bungalow's writes
   * takes its lock here, so every send takes its locks in one order (the bungalow's, then the check's row).
   * Taken in `beforeWrite` only, a send that found its check took the row then waited for the bungalow, while
   * a send of the same check holding the bungalow waited for the row: PostgreSQL's deadlock, a 500.
   */
  beforeRead?(trx: Transaction<Database>, bungalow: number): Promise<void>;
  beforeWrite(trx: Transaction<Database>, bungalow: number): Promise<void>;
  /**
   * The check comes from an unknown sender: no staff session, no registered device, no sticker key. It is
   * recorded `unverified`, answers no check request, and is what the per-bungalow limit counts.
   */
  unverified?: boolean;
  /**
   * The sticker's gate (decision 165): true while the bungalow's keyed checks of the last hour are under the
   * cap (the check is stored `keyed`); false once over it (the check goes through the public limits, stored
   * `unverified`, and a keyed check it revises becomes an unknown sender's). Read after `beforeWrite`.
   */
  keyed?: boolean;
}

const tooMany = (message: string, waitMs: number) => {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new HttpError(
    429,
    'too_many_requests',
    `${message} Try again in ${minutes === 1 ? '1 minute' : `${minutes} minutes`}.`,
    undefined,
    seconds,
  );
};

/**
 * Anonymous checkout writes, bounded per client address (kept in this server's memory: a sliding window of
 * the times it wrote) and per bungalow (counted from what the database holds, so it holds across app
 * servers). Admin sessions pass freely. See docs/decisions/033-checkout-rate-limits.md.
 */
export function createCheckoutLimits(settings: CheckoutLimitSettings) {
  const writesByAddress = new Map<string, number[]>();

  const recent = (address: string, now: number) => {
    const times = writesByAddress.get(address);
    if (!times) return [];
    const since = now - checkoutLimitWindows.addressMs;
    while (times.length > 0 && (times[0] ?? 0) <= since) times.shift();
    if (times.length === 0) writesByAddress.delete(address);
    return times;
  };

  const forgetQuietAddresses = (now: number) => {
    if (writesByAddress.size < addressesMax) return;
    for (const address of [...writesByAddress.keys()]) recent(address, now);
    // Still full: the addresses heard from longest ago go first (a Map iterates in insertion order).
    for (const address of writesByAddress.keys()) {
      if (writesByAddress.size < addressesMax) break;
      writesByAddress.delete(address);
    }
  };

  /** Milliseconds until this address may write again, or 0. */
  const addressWaitMs = (address: string, now: number) => {
    if (settings.perAddress === 0) return 0;
    const times = recent(address, now);
    if (times.length < settings.perAddress) return 0;
    return (times[times.length - settings.perAddress] ?? now) + checkoutLimitWindows.addressMs - now;
  };

  const addressRefusal = (waitMs: number) =>
    tooMany('Too many checkouts were sent from this device.', waitMs);

  return {
    settings,

    /**
     * Refuses at once, before any database work, a request that would have to write and whose address is
     * already at its limit. A request carrying a checkId goes on: it may be a repeat, which never counts.
     */
    precheck(address: string, now: number, hasCheckId: boolean): void {
      if (hasCheckId) return;
      const waitMs = addressWaitMs(address, now);
      if (waitMs > 0) throw addressRefusal(waitMs);
    },

    /**
     * The gate of one anonymous request. `settle(wrote)` after the transaction: a reservation that did not
     * turn into a write (the transaction failed, or another send of the same check won the race) is given back.
     */
    gateFor(address: string, now: number): WriteGate & { settle(wrote: boolean): void } {
      let reserved = false;
      let bungalowLocked = false;
      const lockBungalow = async (trx: Transaction<Database>, bungalow: number) => {
        // One count of a bungalow at a time, until the write commits: on PostgreSQL transactions run side by
        // side and each would count without the others (SQLite writes one transaction at a time already).
        if (bungalowLocked || settings.perBungalow <= 0 || !isPostgres(trx)) return;
        await sql`select pg_advisory_xact_lock(${bungalowLockKey}::int, ${bungalow}::int)`.execute(trx);
        bungalowLocked = true;
      };
      return {
        unverified: true,
        beforeRead: lockBungalow,
        async beforeWrite(trx, bungalow) {
          const waitMs = addressWaitMs(address, now);
          if (waitMs > 0) throw addressRefusal(waitMs);
          // Reserved with the check, before anything is awaited: requests sent at once each see the ones before
          // (a reservation made after the bungalow's count let them all pass the check first).
          if (settings.perAddress > 0 && !reserved) {
            forgetQuietAddresses(now);
            const times = writesByAddress.get(address) ?? [];
            times.push(now);
            writesByAddress.set(address, times);
            reserved = true;
          }
          if (settings.perBungalow > 0) {
            await lockBungalow(trx, bungalow);
            const since = new Date(now - checkoutLimitWindows.bungalowMs).toISOString();
            // Only unverified checks count: a flood must never use up the limit of the bungalow's real checks.
            const { count, oldest } = await bungalowWrites(trx, bungalow, since, 'unverified');
            if (count >= settings.perBungalow) {
              const waitMs = oldest
                ? Date.parse(oldest) + checkoutLimitWindows.bungalowMs - now
                : checkoutLimitWindows.bungalowMs;
              throw tooMany(
                `Too many checkouts were sent for bungalow ${bungalow} in the last hour.`,
                waitMs,
              );
            }
          }
        },
        settle(wrote) {
          if (!reserved || wrote) return;
          const times = writesByAddress.get(address);
          const index = times?.lastIndexOf(now) ?? -1;
          if (times && index >= 0) times.splice(index, 1);
          reserved = false;
        },
      };
    },
  };
}

export type CheckoutLimits = ReturnType<typeof createCheckoutLimits>;

/**
 * A bungalow's writes since `since` by checks marked `flag` (`unverified`: an unknown sender's; `keyed`: the
 * sticker key's), new records and their revisions both, and when the oldest of them was written.
 */
async function bungalowWrites(
  trx: Transaction<Database>,
  bungalow: number,
  since: string,
  flag: 'unverified' | 'keyed',
): Promise<{ count: number; oldest: string | undefined }> {
  // One after the other: a transaction is one connection.
  const records = await trx
    .selectFrom('checkouts')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('bungalow', '=', bungalow)
    .where('created_at', '>', since)
    .where(flag, '=', 1)
    .executeTakeFirstOrThrow();
  const revisions = await trx
    .selectFrom('checkout_revisions as r')
    .innerJoin('checkouts as c', 'c.id', 'r.checkout_id')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('r.replaced_at').as('oldest')])
    .where('r.bungalow', '=', bungalow)
    .where('r.replaced_at', '>', since)
    .where(`c.${flag}`, '=', 1)
    .executeTakeFirstOrThrow();
  const oldest = [records.oldest, revisions.oldest]
    .filter((value): value is string => typeof value === 'string')
    .sort()[0];
  return { count: Number(records.count) + Number(revisions.count), oldest };
}

/**
 * The gate of a check carrying the bungalow's sticker key: the public limits are lifted for up to
 * `perHour` keyed writes an hour a bungalow (counted in the database, so across app servers); past that the
 * check is an unknown sender's, through `publicGate` (counted, `unverified`). A kept key is a pass for a
 * guest, not for a flood (DESIGN.md, "Books no one can rewrite"; decision 165).
 */
export function stickerGate(
  publicGate: WriteGate & { settle(wrote: boolean): void },
  now: number,
  perHour: number,
): WriteGate & { settle(wrote: boolean): void } {
  let overCap = false;
  return {
    get keyed() {
      return !overCap;
    },
    get unverified() {
      return overCap;
    },
    // The bungalow's lock first, whether or not the check turns out over the cap: keyed sends of a bungalow
    // are then counted one after the other too, and past the cap the public gate finds its lock already held.
    beforeRead: (trx, bungalow) => publicGate.beforeRead?.(trx, bungalow) ?? Promise.resolve(),
    async beforeWrite(trx, bungalow) {
      if (!overCap) {
        const since = new Date(now - checkoutLimitWindows.bungalowMs).toISOString();
        overCap = (await bungalowWrites(trx, bungalow, since, 'keyed')).count >= perHour;
      }
      if (overCap) await publicGate.beforeWrite(trx, bungalow);
    },
    settle(wrote) {
      publicGate.settle(wrote);
    },
  };
}

/** The gate of a known sender (a staff session, a registered device): no limits. The sticker key has its own. */
export const openGate: WriteGate = { beforeWrite: async () => {} };
