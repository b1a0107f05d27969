import type { Context, MiddlewareHandler } from 'hono';
import { backgroundReadHeader, liveStreamPath } from '../../shared/live-types';
import {
  type Actor,
  type DeviceRef,
  forbiddenMessage,
  grantOf,
  guestActor,
  type Right,
} from '../../shared/team';
import type { Change } from '../audit/audit-log';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { readDeviceToken } from './devices';
import { readSessionToken } from './session-cookie';
import type { ResolvedSession } from './sessions';

export type ActorDeps = Pick<AppDeps, 'sessions' | 'config' | 'now'>;

/** One resolution per request, however many guards and handlers ask (a WeakMap dies with the request). */
const resolved = new WeakMap<Request, Promise<ResolvedSession | null>>();
const devicesSeen = new WeakMap<Request, Promise<DeviceRef | null>>();

/**
 * Whether a person is behind this request. Not so for a read the page made by itself (the live desk reloading
 * it, marked with `backgroundReadHeader`) nor for the live stream: neither keeps the session from locking.
 */
function isSomeonesUse(c: Context): boolean {
  if (c.req.method !== 'GET') return true;
  return c.req.header(backgroundReadHeader) === undefined && c.req.path !== liveStreamPath;
}

/** The live session of this request (who, on which device, its idle lock), or null. */
export function sessionOf(c: Context, deps: ActorDeps): Promise<ResolvedSession | null> {
  let session = resolved.get(c.req.raw);
  if (!session) {
    const token = readSessionToken(c, deps.config.trustProxy);
    // A guest's tablet sends no session cookie and costs no database read.
    session =
      token === undefined
        ? Promise.resolve(null)
        : deps.sessions.describe(token, deps.now(), readDeviceToken(c, deps.config.trustProxy), {
            touch: isSomeonesUse(c),
          });
    resolved.set(c.req.raw, session);
  }
  return session;
}

/**
 * Who is asking: the owner or a person of the team (their session, and the device it lives on), else a
 * guest. Resolved once per request and handed down to the repositories, which record it with each write.
 */
export async function actorOf(c: Context, deps: ActorDeps): Promise<Actor> {
  return (await sessionOf(c, deps))?.actor ?? guestActor;
}

/**
 * The registered device this browser is (its device cookie, not revoked), session or not: a PIN signs in
 * only there, and the roster shows only there.
 */
export function deviceOf(
  c: Context,
  deps: Pick<AppDeps, 'devices' | 'config' | 'now'>,
): Promise<DeviceRef | null> {
  let device = devicesSeen.get(c.req.raw);
  if (!device) {
    const token = readDeviceToken(c, deps.config.trustProxy);
    device = token === undefined ? Promise.resolve(null) : deps.devices.find(token, deps.now());
    devicesSeen.set(c.req.raw, device);
  }
  return device;
}

export const signedIn = (actor: Actor): actor is Exclude<Actor, { kind: 'guest' }> => actor.kind !== 'guest';

/**
 * The guard of every staff route: 401 without a session, 403 `forbidden` naming the role and what it may not
 * do. A right the role has only with a manager's approval (a desk void) passes here; the route checks the
 * approval itself (see `needsApproval`).
 */
export function requireRight(deps: ActorDeps, right: Right): MiddlewareHandler {
  return async (c, next) => {
    const actor = await actorOf(c, deps);
    if (!signedIn(actor)) throw new HttpError(401, 'unauthorized', 'Log in as admin to do this');
    if (grantOf(actor.role, right) === 'no') {
      throw new HttpError(403, 'forbidden', forbiddenMessage(actor.role, right));
    }
    return next();
  };
}

/** True when the actor may use the right only with a manager's approval. */
export function needsApproval(actor: Actor, right: Right): boolean {
  return signedIn(actor) && grantOf(actor.role, right) === 'approval';
}

/** For answers that show more to staff (the guest's email, the whole settings). */
export async function isStaff(c: Context, deps: ActorDeps, right: Right = 'frontDesk'): Promise<boolean> {
  const actor = await actorOf(c, deps);
  return signedIn(actor) && grantOf(actor.role, right) !== 'no';
}

/** The actor of this request and the moment of its change, for a repository's write. */
export async function changeBy(c: Context, deps: ActorDeps): Promise<Change> {
  return { actor: await actorOf(c, deps), at: new Date(deps.now()).toISOString() };
}
