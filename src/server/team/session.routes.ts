import { type Context, Hono } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import type { SessionState } from '../../shared/api-types';
import { texts } from '../../shared/constants';
import { loginInputSchema } from '../../shared/schemas';
import { type Actor, ownerActor } from '../../shared/team';
import { pinSignInSchema, teamTexts } from '../../shared/team-schemas';
import { recordAudit, subject } from '../audit/audit-log';
import { deviceOf, sessionOf } from '../auth/actor';
import { passwordHashSlots } from '../auth/hash-slots';
import { createOwnerPasswordLimit, foldFailedSignIn } from '../auth/owner-password-limit';
import { verifyPassword } from '../auth/password';
import { checkPin } from '../auth/pin-check';
import { readSessionToken } from '../auth/session-cookie';
import { sessionCookieName, sessionLimits, staffSessionLimits } from '../auth/sessions';
import { formatWait } from '../auth/throttle';
import type { AppDeps } from '../deps';
import { clientAddress, isHttps } from '../http/client-address';
import { HttpError } from '../http/errors';
import { parseInput, readJson } from '../http/validate';

/**
 * Signing in and out. `{password}` is the spec's path: the owner, with every right. `{staffId, pin}` signs a
 * person of the team in, only on a registered device (DESIGN.md, "Signing in"). DELETE is Lock: the session
 * ends, the device stays registered.
 */
export function sessionRoutes(deps: AppDeps) {
  const { sessions, throttle, logger, config } = deps;
  const ownerLimit = createOwnerPasswordLimit(deps.db);

  /** A new token at every sign-in; the one the browser had (if any) ends here. */
  async function startSession(c: Context, owner: { staffId?: number; deviceId?: number }, maxAgeMs: number) {
    const previous = readSessionToken(c, config.trustProxy);
    if (previous) await sessions.destroy(previous);
    const token = await sessions.create(deps.now(), owner);
    const secure = isHttps(c, config.trustProxy);
    setCookie(c, sessionCookieName(secure), token, {
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
      secure,
      maxAge: maxAgeMs / 1000,
    });
  }

  return new Hono()
    .post('/', async (c) => {
      const body = await readJson(c, z.unknown());
      const at = () => new Date(deps.now()).toISOString();
      if (body && typeof body === 'object' && ('staffId' in body || 'pin' in body)) {
        const { staffId, pin } = parseInput(pinSignInSchema, body);
        const device = await deviceOf(c, deps);
        if (!device) throw new HttpError(403, 'forbidden', teamTexts.pinNeedsDevice);
        const person = await checkPin(deps, { staffId, pin, device, now: deps.now(), purpose: 'sign-in' });
        await startSession(c, { staffId: person.id, deviceId: device.id }, staffSessionLimits.absoluteMs);
        const actor: Actor = { kind: 'staff', ...person, device };
        await recordAudit(deps.db.kysely, {
          actor,
          at: at(),
          action: 'session.signed_in',
          subject: subject('staff', person.id),
          details: { method: 'pin' },
        });
        logger.info('pin sign-in succeeded', { staffId: person.id, deviceId: device.id });
        return c.body(null, 204);
      }

      const { password } = parseInput(loginInputSchema, body);
      const client = clientAddress(c, config.trustProxy);
      const now = deps.now();
      const device = await deviceOf(c, deps);
      const mustWait = (waitMs: number) => {
        const retryAfter = Math.ceil(waitMs / 1000);
        logger.warn('owner sign-in waits', { client, retryAfter });
        return new HttpError(
          429,
          'too_many_requests',
          `Too many wrong passwords. Try again in ${formatWait(retryAfter)}.`,
          undefined,
          retryAfter,
        );
      };
      // The owner password's own limit, whatever the address. Claimed first, so that a refused sign-in does not
      // use up a try of the address's own limit, and before the hash, so that sign-ins sent at once are counted
      // one after the other (decision 190). A registered device claims no try: it skips the wait only with the
      // right password, and its wrong ones count and wait as anyone's (issue 49; decision 169).
      let ownerTry: number | undefined;
      let deviceWaitMs = 0;
      if (device) {
        deviceWaitMs = await ownerLimit.waitMs(now);
      } else {
        const claimed = await ownerLimit.claim(now);
        if (!claimed.allowed) throw mustWait(claimed.waitMs);
        ownerTry = claimed.id;
      }
      let right: boolean;
      try {
        const reservation = await throttle.reserve(client, now);
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
        right = await passwordHashSlots.run(() => verifyPassword(password, deps.adminPasswordHash));
      } catch (error) {
        // No hash answered (the address waits, the hash queue is full): the owner's try was not used.
        if (ownerTry !== undefined) await ownerLimit.giveBack(ownerTry);
        throw error;
      }
      const owner = ownerActor(device);
      if (!right) {
        logger.warn('login failed', { client });
        await ownerLimit.wrong(ownerTry, deps.now());
        // Without a session, at most one event per address and window, with the count (foldFailedSignIn).
        const count = (await sessionOf(c, deps)) ? 1 : await foldFailedSignIn(deps.db, client, now);
        if (count !== null) {
          await recordAudit(deps.db.kysely, {
            actor: owner,
            at: at(),
            action: 'session.sign_in_failed',
            subject: subject('owner'),
            details: { method: 'password', count },
          });
        }
        // A registered device's wrong password during the wait is refused as anyone's would have been.
        if (deviceWaitMs > 0) throw mustWait(deviceWaitMs);
        throw new HttpError(401, 'unauthorized', texts.incorrectPassword);
      }
      if (ownerTry !== undefined) await ownerLimit.giveBack(ownerTry);
      const unaudited = await throttle.reset(client);
      await startSession(c, device ? { deviceId: device.id } : {}, sessionLimits.absoluteMs);
      await recordAudit(deps.db.kysely, {
        actor: owner,
        at: at(),
        action: 'session.signed_in',
        subject: subject('owner'),
        // Wrong passwords from this address not yet in the audit (folded): told here, never lost.
        details: { method: 'password', ...(unaudited > 0 ? { failedBefore: unaudited } : {}) },
      });
      logger.info('login succeeded', { client });
      return c.body(null, 204);
    })
    .get('/', async (c) => {
      const session = await sessionOf(c, deps);
      const actor = session?.actor;
      const body: SessionState = {
        authenticated: session !== null,
        user: actor ? { id: actor.id, name: actor.name, role: actor.role } : null,
        device: actor?.device ?? (await deviceOf(c, deps)),
        idleLockMinutes: session?.idleLockMinutes ?? null,
      };
      c.header('Cache-Control', 'no-store');
      return c.json(body);
    })
    .delete('/', async (c) => {
      const session = await sessionOf(c, deps);
      const token = readSessionToken(c, config.trustProxy);
      if (token) await sessions.destroy(token);
      if (session) {
        await recordAudit(deps.db.kysely, {
          actor: session.actor,
          at: new Date(deps.now()).toISOString(),
          action: 'session.locked',
          subject: session.actor.kind === 'staff' ? subject('staff', session.actor.id) : subject('owner'),
        });
      }
      const secure = isHttps(c, config.trustProxy);
      deleteCookie(c, sessionCookieName(secure), { path: '/', secure, httpOnly: true, sameSite: 'Strict' });
      return c.body(null, 204);
    });
}
