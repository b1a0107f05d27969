import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { AppDeps } from '../deps';
import { isHttps } from '../http/client-address';
import { HttpError } from '../http/errors';
import { sessionCookieName } from './sessions';

export type AdminDeps = Pick<AppDeps, 'sessions' | 'config' | 'now'>;

export function readSessionToken(c: Context, trustProxy: boolean): string | undefined {
  return getCookie(c, sessionCookieName(isHttps(c, trustProxy)));
}

export async function isAdmin(c: Context, deps: AdminDeps): Promise<boolean> {
  const token = readSessionToken(c, deps.config.trustProxy);
  return token !== undefined && (await deps.sessions.validate(token, deps.now()));
}

/** 401 unless the request carries a live admin session. */
export function requireAdmin(deps: AdminDeps): MiddlewareHandler {
  return async (c, next) => {
    if (!(await isAdmin(c, deps))) {
      throw new HttpError(401, 'unauthorized', 'Log in as admin to do this');
    }
    return next();
  };
}
