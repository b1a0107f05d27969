import { sql } from 'kysely';
import type { Db } from '../db/database';

export const throttleRules = {
  freeTries: 5,
  firstWaitMs: 60 * 1000,
  maxWaitMs: 15 * 60 * 1000,
} as const;

export type AttemptReservation = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export interface LoginThrottle {
  /**
   * Claims one login attempt for a client, atomically in the database so that concurrent requests and
   * several app servers cannot slip extra guesses past the limit. Only a claimed attempt may check the
   * password.
   */
  reserve(client: string, now: number): Promise<AttemptReservation>;
  /**
   * After a correct password: the client starts afresh. Answers the failures not yet written to the audit
   * (see foldFailedSignIn), which the sign-in's own event then carries.
   */
  reset(client: string): Promise<number>;
}

/** The wait after the n-th consecutive failure: none for the free tries, then 1, 2, 4, 8 minutes, capped at 15. */
export function waitAfterFailures(failures: number): number {
  if (failures < throttleRules.freeTries) return 0;
  return Math.min(
    throttleRules.firstWaitMs * 2 ** (failures - throttleRules.freeTries),
    throttleRules.maxWaitMs,
  );
}

export function createLoginThrottle(db: Db): LoginThrottle {
  const { kysely } = db;
  // The wait for the attempt being claimed, as SQL, so that claim and block are one statement.
  const waitCases = (failures: ReturnType<typeof sql<number>>) => {
    const steps = Array.from({ length: 5 }, (_, i) => throttleRules.freeTries + i);
    return sql<number>`case ${sql.join(
      steps.map((n) => sql`when ${failures} < ${n} then ${sql.lit(waitAfterFailures(n - 1))}`),
      sql` `,
    )} else ${sql.lit(throttleRules.maxWaitMs)} end`;
  };

  return {
    async reserve(client, now) {
      const next = sql<number>`login_attempts.failures + 1`;
      const claimed = await kysely
        .insertInto('login_attempts')
        .values({ client, failures: 1, blocked_until_ms: now + waitAfterFailures(1), updated_ms: now })
        .onConflict((oc) =>
          oc
            .column('client')
            .doUpdateSet({
              failures: next,
              blocked_until_ms: sql<number>`${sql.lit(now)} + ${waitCases(next)}`,
              updated_ms: now,
            })
            .where('login_attempts.blocked_until_ms', '<=', now),
        )
        .returning('failures')
        .executeTakeFirst();
      if (claimed) return { allowed: true };
      const row = await kysely
        .selectFrom('login_attempts')
        .select('blocked_until_ms')
        .where('client', '=', client)
        .executeTakeFirst();
      const waitMs = Math.max(1000, Number(row?.blocked_until_ms ?? now) - now);
      return { allowed: false, retryAfterSeconds: Math.ceil(waitMs / 1000) };
    },

    async reset(client) {
      const row = await kysely
        .deleteFrom('login_attempts')
        .where('client', '=', client)
        .returning('unaudited')
        .executeTakeFirst();
      return Number(row?.unaudited ?? 0);
    },
  };
}

/** "30 seconds", "2 minutes": how long a throttled client waits, for the 429's message. */
export function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
