import { sql } from 'kysely';
import type { Db } from '../db/database';

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

export interface OwnerPasswordLimit {
  /** Milliseconds every owner sign-in must still wait, or 0. */
  waitMs(now: number): Promise<number>;
  /** A wrong password, from any address. */
  failed(now: number): Promise<void>;
}

/** Kept in the database (one row per wrong password, 15 minutes), so it holds across app servers. */
export function createOwnerPasswordLimit({ kysely }: Db): OwnerPasswordLimit {
  return {
    async waitMs(now) {
      const row = await kysely
        .selectFrom('password_failures')
        .select((eb) => [eb.fn.countAll<number>().as('failures'), eb.fn.max('at_ms').as('last')])
        .where('at_ms', '>', now - ownerPasswordRules.windowMs)
        .executeTakeFirstOrThrow();
      const failures = Number(row.failures);
      if (failures < ownerPasswordRules.freeFailures) return 0;
      return Math.max(0, Number(row.last) + ownerWaitAfter(failures) - now);
    },
    async failed(now) {
      await kysely.transaction().execute(async (trx) => {
        await trx
          .deleteFrom('password_failures')
          .where('at_ms', '<=', now - ownerPasswordRules.windowMs)
          .execute();
        await trx.insertInto('password_failures').values({ at_ms: now }).execute();
      });
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
