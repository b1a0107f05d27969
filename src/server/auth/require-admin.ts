import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppDeps } from '../deps';
import { isHttps } from '../http/client-address';
import { sessionCookieName } from './sessions';

export type AdminDeps = Pick<AppDeps, 'sessions' | 'config' | 'now'>;

export function readSessionToken(c: Context, trustProxy: boolean): string | undefined {
  return getCookie(c, sessionCookieName(isHttps(c, trustProxy)));
}

export async function isAdmin(c: Context, deps: AdminDeps): Promise<boolean> {
  const token = readSessionToken(c, deps.config.trustProxy);
  return token !== undefined && (await deps.sessions.validate(token, deps.now()));
}
