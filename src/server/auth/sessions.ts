import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../db/database';

export const sessionLimits = {
  idleMs: 30 * 60 * 1000,
  absoluteMs: 8 * 60 * 60 * 1000,
  /** Writing last_seen on every request would turn each read into a write; a minute's slack is harmless. */
  touchEveryMs: 60 * 1000,
} as const;

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-fc_session' : 'fc_session');

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export interface SessionStore {
  create(now: number): Promise<string>;
  /** True when the token names a live session; refreshes its idle timer. */
  validate(token: string, now: number): Promise<boolean>;
  destroy(token: string): Promise<void>;
}

export function createSessionStore(db: Db): SessionStore {
  const { kysely } = db;
  return {
    async create(now) {
      const token = randomBytes(32).toString('base64url');
      await kysely
        .insertInto('admin_sessions')
        .values({ token_hash: hashToken(token), created_ms: now, last_seen_ms: now })
        .execute();
      // Expired rows are removed here, not by a timer, so several app servers need no coordination.
      await kysely
        .deleteFrom('admin_sessions')
        .where((eb) =>
          eb.or([
            eb('last_seen_ms', '<', now - sessionLimits.idleMs),
            eb('created_ms', '<', now - sessionLimits.absoluteMs),
          ]),
        )
        .execute();
      return token;
    },

    async validate(token, now) {
      if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return false;
      const tokenHash = hashToken(token);
      const row = await kysely
        .selectFrom('admin_sessions')
        .select(['created_ms', 'last_seen_ms'])
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!row) return false;
      const created = Number(row.created_ms);
      const lastSeen = Number(row.last_seen_ms);
      if (now - lastSeen >= sessionLimits.idleMs || now - created >= sessionLimits.absoluteMs) {
        await kysely.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
        return false;
      }
      if (now - lastSeen > sessionLimits.touchEveryMs) {
        await kysely
          .updateTable('admin_sessions')
          .set({ last_seen_ms: now })
          .where('token_hash', '=', tokenHash)
          .execute();
      }
      return true;
    },

    async destroy(token) {
      await kysely.deleteFrom('admin_sessions').where('token_hash', '=', hashToken(token)).execute();
    },
  };
}
