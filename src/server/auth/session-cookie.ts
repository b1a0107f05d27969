import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { isHttps } from '../http/client-address';
import { sessionCookieName } from './sessions';

/** The session cookie of this request (its name depends on HTTPS: `__Host-` only there), if any. */
export function readSessionToken(c: Context, trustProxy: boolean): string | undefined {
  return getCookie(c, sessionCookieName(isHttps(c, trustProxy)));
}
