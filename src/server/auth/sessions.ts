import { createHash, randomBytes } from 'node:crypto';
import { type Actor, type DeviceRef, ownerActor, type StaffRole } from '../../shared/team';
import type { Db } from '../db/database';
import { settingsKey, storedSetting } from '../settings/settings.repo';

/** The owner's session (the admin password): DESIGN.md "Security". */
export const sessionLimits = {
  idleMs: 30 * 60 * 1000,
  absoluteMs: 8 * 60 * 60 * 1000,
  /** Writing last_seen on every request would turn each read into a write; a minute's slack is harmless. */
  touchEveryMs: 60 * 1000,
} as const;

/**
 * A person's PIN session: it locks after the settings' `staffLockMinutes` idle (read when the session is
 * used, so a change applies at once) and after 12 hours whatever happens (a shift and a half).
 */
export const staffSessionLimits = {
  absoluteMs: 12 * 60 * 60 * 1000,
  /** The longest lock the settings allow: any staff session idle longer is gone whatever the setting. */
  idleMaxMs: 120 * 60 * 1000,
} as const;

export const sessionCookieName = (secure: boolean) => (secure ? '__Host-fc_session' : 'fc_session');

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export interface SessionOwner {
  /** The person of a PIN sign-in; absent for the owner. */
  staffId?: number;
  /** The registered device it happens on, if any. */
  deviceId?: number;
}

export interface ResolvedSession {
  actor: Exclude<Actor, { kind: 'guest' }>;
  /** Idle minutes after which this session ends. */
  idleLockMinutes: number;
}

export interface SessionStore {
  create(now: number, owner?: SessionOwner): Promise<string>;
  /**
   * Who the live session belongs to (the owner or a person, and the device) and the idle lock that applies,
   * or null; refreshes its idle timer. A person's session also needs the device cookie of its device: the
   * session cookie alone, copied to another browser, is nobody. `touch: false` looks without refreshing the
   * idle timer: a page reloading itself for the live desk, or the live stream checking its session, is not
   * someone at the desk.
   */
  describe(
    token: string,
    now: number,
    deviceToken?: string,
    options?: { touch?: boolean },
  ): Promise<ResolvedSession | null>;
  /** Moves a live session onto a device (the browser was just registered). */
  attachDevice(token: string, deviceId: number): Promise<void>;
  destroy(token: string): Promise<void>;
  /** Ends at once every session of a person (deactivated, new PIN) or of a device (revoked). */
  endAllOf(who: { staffId: number } | { deviceId: number }): Promise<number>;
}

export function createSessionStore(db: Db): SessionStore {
  const { kysely } = db;

  async function describe(
    token: string,
    now: number,
    deviceToken?: string,
    { touch = true }: { touch?: boolean } = {},
  ): Promise<ResolvedSession | null> {
    if (!tokenShape.test(token)) return null;
    const tokenHash = hashToken(token);
    const row = await kysely
      .selectFrom('admin_sessions as s')
      .leftJoin('staff as p', 'p.id', 's.staff_id')
      .leftJoin('devices as d', 'd.id', 's.device_id')
      .select([
        's.created_ms',
        's.last_seen_ms',
        's.staff_id',
        's.device_id',
        'p.name as staff_name',
        'p.role as staff_role',
        'p.active as staff_active',
        'd.name as device_name',
        'd.token_hash as device_token_hash',
        'd.revoked_at as device_revoked_at',
        // A person's idle lock is a setting: taken along here, not read again on every request.
        (eb) => eb.selectFrom('settings').select('value').where('key', '=', settingsKey).as('settings_value'),
      ])
      .where('s.token_hash', '=', tokenHash)
      .executeTakeFirst();
    if (!row) return null;
    const end = async () => {
      await kysely.deleteFrom('admin_sessions').where('token_hash', '=', tokenHash).execute();
      return null;
    };
    // Deactivating a person and revoking a device delete their sessions; these checks hold even for a
    // session that a racing request created in between.
    if (row.staff_id !== null && row.staff_active !== 1) return end();
    if (row.device_id !== null && (row.device_name === null || row.device_revoked_at !== null)) return end();

    const staff = row.staff_id !== null;
    const idleMs = staff
      ? storedSetting(row.settings_value, 'staffLockMinutes') * 60 * 1000
      : sessionLimits.idleMs;
    const absoluteMs = staff ? staffSessionLimits.absoluteMs : sessionLimits.absoluteMs;
    const created = Number(row.created_ms);
    const lastSeen = Number(row.last_seen_ms);
    if (now - lastSeen >= idleMs || now - created >= absoluteMs) return end();
    // A PIN session is bound to its device: without that device's cookie it is nobody's (kept, though:
    // the device itself may still use it).
    if (staff && (deviceToken === undefined || hashToken(deviceToken) !== row.device_token_hash)) return null;

    // A short lock gets a finer touch, so that activity just under a minute ago still counts.
    if (touch && now - lastSeen > Math.min(sessionLimits.touchEveryMs, idleMs / 10)) {
      await kysely
        .updateTable('admin_sessions')
        .set({ last_seen_ms: now })
        .where('token_hash', '=', tokenHash)
        .execute();
      // The device list shows each device's last use: a session's use is its device's.
      if (row.device_id !== null) {
        await kysely
          .updateTable('devices')
          .set({ last_used_at: new Date(now).toISOString() })
          .where('id', '=', row.device_id)
          .execute();
      }
    }
    const device: DeviceRef | null =
      row.device_id !== null && row.device_name !== null
        ? { id: row.device_id, name: row.device_name }
        : null;
    const actor: ResolvedSession['actor'] =
      row.staff_id !== null
        ? {
            kind: 'staff',
            id: row.staff_id,
            name: row.staff_name ?? '',
            role: row.staff_role as StaffRole,
            device,
          }
        : (ownerActor(device) as ResolvedSession['actor']);
    return { actor, idleLockMinutes: Math.round(idleMs / 60000) };
  }

  const store: SessionStore = {
    async create(now, owner = {}) {
      const token = randomBytes(32).toString('base64url');
      await kysely
        .insertInto('admin_sessions')
        .values({
          token_hash: hashToken(token),
          created_ms: now,
          last_seen_ms: now,
          staff_id: owner.staffId ?? null,
          device_id: owner.deviceId ?? null,
        })
        .execute();
      // Expired rows are removed here, not by a timer, so several app servers need no coordination. A
      // person's session idle past the settings' lock is removed when next used (resolve).
      await kysely
        .deleteFrom('admin_sessions')
        .where((eb) =>
          eb.or([
            eb.and([
              eb('staff_id', 'is', null),
              eb.or([
                eb('last_seen_ms', '<', now - sessionLimits.idleMs),
                eb('created_ms', '<', now - sessionLimits.absoluteMs),
              ]),
            ]),
            eb.and([
              eb('staff_id', 'is not', null),
              eb.or([
                eb('last_seen_ms', '<', now - staffSessionLimits.idleMaxMs),
                eb('created_ms', '<', now - staffSessionLimits.absoluteMs),
              ]),
            ]),
          ]),
        )
        .execute();
      return token;
    },

    describe,

    async attachDevice(token, deviceId) {
      await kysely
        .updateTable('admin_sessions')
        .set({ device_id: deviceId })
        .where('token_hash', '=', hashToken(token))
        .where('staff_id', 'is', null)
        .execute();
    },

    async destroy(token) {
      await kysely.deleteFrom('admin_sessions').where('token_hash', '=', hashToken(token)).execute();
    },

    async endAllOf(who) {
      const result = await kysely
        .deleteFrom('admin_sessions')
        .$if('staffId' in who, (qb) => qb.where('staff_id', '=', (who as { staffId: number }).staffId))
        .$if('deviceId' in who, (qb) => qb.where('device_id', '=', (who as { deviceId: number }).deviceId))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
  return store;
}
