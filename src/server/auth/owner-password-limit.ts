import { type Kysely, sql } from 'kysely';
import { type Db, isPostgres } from '../db/database';
import type { Database } from '../db/tables';

/**
 * The owner password's own limit, whatever the address (DESIGN.md, "Abuse resistance"): an attacker with many
 * addresses (or a forged X-Forwarded-For behind TRUST_PROXY) gets 20 wrong passwords in 15 minutes, then every
 * owner sign-in waits 1 s, 2 s, 4 s, … at most 15 minutes after the last wrong one. Never a lockout: the wait
 * ends, and a correct password from a registered device does not wait at all.
 */
export const ownerPasswordRules = {
  windowMs: 15 * 60 * 1000,
  freeFailures: 20,
  firstWaitMs: 1000,
  maxWaitMs: 15 * 60 * 1000,
} as const;

/** The wait after `failures` wrong passwords within the window: none for the first 20, then 1 s doubling. */
export function ownerWaitAfter(failures: number): number {
  if (failures < ownerPasswordRules.freeFailures) return 0;
  return Math.min(
    ownerPasswordRules.firstWaitMs * 2 ** (failures - ownerPasswordRules.freeFailures),
    ownerPasswordRules.maxWaitMs,
  );
}

/** A try of the owner password: refused with the wait, or held by its row until the hash has answered. */
export type OwnerTry = { allowed: false; waitMs: number } | { allowed: true; id: number };

export interface OwnerPasswordLimit {
  /**
   * Claims one try before the password is hashed, counted as a wrong one until `right` or `unused` says
   * otherwise: sign-ins sent at once, from any number of addresses and app servers, are counted one after the
   * other, so no more than the free tries reach a hash (a count read first and written after the hash let
   * every one of 50 parallel tries through).
   */
  claim(now: number): Promise<OwnerTry>;
  /** How long an owner sign-in must wait now (0: none); a registered device's wrong password waits it too. */
  waitMs(now: number): Promise<number>;
  /**
   * A wrong password, known at `now`: the wait runs from here. `id` is its claimed try; a registered device
   * claims none (it does not wait), and its wrong password counts all the same.
   */
  wrong(id: number | undefined, now: number): Promise<void>;
  /** The password was right, or no hash ran (the hash queue was full): the try is given back. */
  giveBack(id: number): Promise<void>;
}

/** Kept in the database (one row per wrong password, 15 minutes), so it holds across app servers. */
export function createOwnerPasswordLimit({ kysely }: Db): OwnerPasswordLimit {
  const waitMs = async (trx: Kysely<Database>, now: number) => {
    const row = await trx
      .selectFrom('password_failures')
      .select((eb) => [eb.fn.countAll<number>().as('failures'), eb.fn.max('at_ms').as('last')])
      .where('at_ms', '>', now - ownerPasswordRules.windowMs)
      .executeTakeFirstOrThrow();
    const failures = Number(row.failures);
    if (failures < ownerPasswordRules.freeFailures) return 0;
    return Math.max(0, Number(row.last) + ownerWaitAfter(failures) - now);
  };
  return {
    async claim(now) {
      // A plain read first: while the wait lasts, a refused try costs no write.
      const waiting = await waitMs(kysely, now);
      if (waiting > 0) return { allowed: false, waitMs: waiting };
      return kysely.transaction().execute(async (trx) => {
        // One claim at a time, across app servers: SQLite writes one transaction at a time already.
        if (isPostgres(trx)) await sql`lock table password_failures in share row exclusive mode`.execute(trx);
        const left = await waitMs(trx, now);
        if (left > 0) return { allowed: false, waitMs: left } as const;
        await trx
          .deleteFrom('password_failures')
          .where('at_ms', '<=', now - ownerPasswordRules.windowMs)
          .execute();
        const { id } = await trx
          .insertInto('password_failures')
          .values({ at_ms: now })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { allowed: true, id } as const;
      });
    },
    waitMs: (now) => waitMs(kysely, now),
    async wrong(id, now) {
      if (id === undefined) await kysely.insertInto('password_failures').values({ at_ms: now }).execute();
      else await kysely.updateTable('password_failures').set({ at_ms: now }).where('id', '=', id).execute();
    },
    async giveBack(id) {
      await kysely.deleteFrom('password_failures').where('id', '=', id).execute();
    },
  };
}

/**
 * A failed sign-in without a session goes to the audit at most once per address and window, with the count
 * of failures since its last event: a flood of guesses is one line a quarter hour, not a line each, and the
 * append-only audit does not grow for ever from strangers' typing. Answers the count to write, or null when
 * this failure is folded into the address's next event.
 */
export async function foldFailedSignIn(db: Db, client: string, now: number): Promise<number | null> {
  const { kysely } = db;
  const claimed = await kysely
    .updateTable('login_attempts')
    .set({ audited_ms: now, unaudited: sql<number>`unaudited + 1` })
    .where('client', '=', client)
    .where('audited_ms', '<=', now - ownerPasswordRules.windowMs)
    .returning('unaudited')
    .executeTakeFirst();
  if (claimed) {
    const count = Number(claimed.unaudited);
    // Failures folded in meanwhile by another request stay for the next event.
    await kysely
      .updateTable('login_attempts')
      .set({ unaudited: sql<number>`unaudited - ${count}` })
      .where('client', '=', client)
      .execute();
    return count;
  }
  await kysely
    .updateTable('login_attempts')
    .set({ unaudited: sql<number>`unaudited + 1` })
    .where('client', '=', client)
    .execute();
  return null;
}
