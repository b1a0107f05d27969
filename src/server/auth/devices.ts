import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { DeviceRef } from '../../shared/team';
import type { Db } from '../db/database';
import { isHttps } from '../http/client-address';
import { hashToken } from './sessions';

/**
 * A registered device is a browser holding the device cookie: 32 random bytes of which only the SHA-256 is
 * stored, HttpOnly and SameSite=Strict like the session's, kept 400 days (the longest a browser keeps a
 * cookie: RFC 6265bis). A PIN signs in only where this cookie names a device that is not revoked.
 */
export const deviceLimits = {
  cookieMaxAgeSeconds: 400 * 24 * 60 * 60,
  /** last_used_at is written at most once a minute: the list shows the minute, not every request. */
  touchEveryMs: 60 * 1000,
} as const;

export const deviceCookieName = (secure: boolean) => (secure ? '__Host-fc_device' : 'fc_device');

export function readDeviceToken(c: Context, trustProxy: boolean): string | undefined {
  const token = getCookie(c, deviceCookieName(isHttps(c, trustProxy)));
  return token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : undefined;
}

export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

export function setDeviceCookie(c: Context, token: string, trustProxy: boolean): void {
  const secure = isHttps(c, trustProxy);
  setCookie(c, deviceCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'Strict',
    path: '/',
    secure,
    maxAge: deviceLimits.cookieMaxAgeSeconds,
  });
}

export function clearDeviceCookie(c: Context, trustProxy: boolean): void {
  const secure = isHttps(c, trustProxy);
  deleteCookie(c, deviceCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'Strict' });
}

export interface DeviceLookup {
  /** The live (not revoked) device of a device token, or null; notes its use at most once a minute. */
  find(token: string, now: number): Promise<DeviceRef | null>;
}

export function createDeviceLookup({ kysely }: Db): DeviceLookup {
  return {
    async find(token, now) {
      const tokenHash = hashToken(token);
      const row = await kysely
        .selectFrom('devices')
        .select(['id', 'name', 'last_used_at'])
        .where('token_hash', '=', tokenHash)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const lastUsed = row.last_used_at ? Date.parse(row.last_used_at) : 0;
      if (now - lastUsed >= deviceLimits.touchEveryMs) {
        await kysely
          .updateTable('devices')
          .set({ last_used_at: new Date(now).toISOString() })
          .where('id', '=', row.id)
          .execute();
      }
      return { id: row.id, name: row.name };
    },
  };
}
