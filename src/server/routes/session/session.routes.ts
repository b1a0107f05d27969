import { Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { SessionState } from '../../../shared/api-types';
import { texts } from '../../../shared/constants';
import { loginInputSchema } from '../../../shared/schemas';
import { verifyPassword } from '../../auth/password';
import { isAdmin, readSessionToken } from '../../auth/require-admin';
import { sessionCookieName, sessionLimits } from '../../auth/sessions';
import type { AppDeps } from '../../deps';
import { clientAddress, isHttps } from '../../http/client-address';
import { HttpError } from '../../http/errors';
import { readJson } from '../../http/validate';

export function sessionRoutes(deps: AppDeps) {
  const { sessions, throttle, logger, config } = deps;

  return new Hono()
    .post('/', async (c) => {
      const { password } = await readJson(c, loginInputSchema);
      const client = clientAddress(c, config.trustProxy);
      const reservation = await throttle.reserve(client, deps.now());
      if (!reservation.allowed) {
        logger.warn('login throttled', { client, retryAfter: reservation.retryAfterSeconds });
        throw new HttpError(
          429,
          'too_many_requests',
          `Too many attempts. Try again in ${formatWait(reservation.retryAfterSeconds)}.`,
          undefined,
          reservation.retryAfterSeconds,
        );
      }
      if (!(await verifyPassword(password, deps.adminPasswordHash))) {
        logger.warn('login failed', { client });
        throw new HttpError(401, 'unauthorized', texts.incorrectPassword);
      }
      await throttle.reset(client);
      // A new token at every login; the one the browser had (if any) ends here.
      const previous = readSessionToken(c, config.trustProxy);
      if (previous) await sessions.destroy(previous);
      const token = await sessions.create(deps.now());
      const secure = isHttps(c, config.trustProxy);
      setCookie(c, sessionCookieName(secure), token, {
        httpOnly: true,
        sameSite: 'Strict',
        path: '/',
        secure,
        maxAge: sessionLimits.absoluteMs / 1000,
      });
      logger.info('login succeeded', { client });
      return c.body(null, 204);
    })
    .get('/', async (c) => {
      const body: SessionState = { authenticated: await isAdmin(c, deps) };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .delete('/', async (c) => {
      const token = readSessionToken(c, config.trustProxy);
      if (token) await sessions.destroy(token);
      const secure = isHttps(c, config.trustProxy);
      deleteCookie(c, sessionCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'Strict' });
      return c.body(null, 204);
    });
}

function formatWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
