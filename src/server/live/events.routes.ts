import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { liveControlEvents } from '../../shared/live-types';
import { type Actor, grantOf } from '../../shared/team';
import { actorOf, requireRight } from '../auth/actor';
import { readDeviceToken } from '../auth/devices';
import { readSessionToken } from '../auth/session-cookie';
import type { AppDeps } from '../deps';
import { HttpError } from '../http/errors';
import { describeError } from '../logger';
import { type LiveMessage, type LiveSubscription, liveLimits } from './live-hub';

/** A slow client's unsent events, at most: beyond it the stream ends and the client resumes by Last-Event-ID. */
const pendingBytesMax = 1024 * 1024;

/**
 * How old a stream's last look at its session may be when an event is to go out. A stream outlives the
 * request that opened it: the session behind it can end meanwhile (locked, idle, the device revoked, the
 * person deactivated or given a role without the live desk). The stream looks again before it sends anything
 * once this long has passed, and at every heartbeat, so no event reaches a session that ended more than this
 * long ago, and a quiet stream ends by its next heartbeat. Not on every event: a busy desk would turn each
 * checkout into a session read per open stream.
 */
export const sessionRecheckMs = 5_000;

/**
 * Abuse resistance (fifth stage): open streams at most, per person (the owner, or one person of the team,
 * across all their sessions: a second PIN session does not double it; sixth stage) and per server (429 beyond).
 */
export const streamLimits = { perPerson: 5, perServer: 1000, retryAfterSeconds: 5 } as const;

/** Whose streams count together: the owner's, or one person's of the team, whatever the session. */
const personOf = (actor: Actor) => (actor.kind === 'staff' ? `staff:${actor.id}` : actor.kind);

/**
 * The streams open on this server, per person: each holds a socket, a subscription and a timer for as long
 * as it lives, so one person (or a script with their sessions) must not open them by the thousand. Answers
 * the stream's release, called once when it ends, or throws 429.
 */
export function createStreamCounts(limits: { perPerson: number; perServer: number } = streamLimits) {
  const byPerson = new Map<string, number>();
  let total = 0;
  return {
    open(person: string): () => void {
      const mine = byPerson.get(person) ?? 0;
      if (mine >= limits.perPerson || total >= limits.perServer) {
        throw new HttpError(
          429,
          'too_many_requests',
          mine >= limits.perPerson
            ? `At most ${limits.perPerson} live streams a person: close another tab of the workspace`
            : 'Too many live streams are open on this server. Try again in a moment.',
          undefined,
          streamLimits.retryAfterSeconds,
        );
      }
      byPerson.set(person, mine + 1);
      total += 1;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        total -= 1;
        const left = (byPerson.get(person) ?? 1) - 1;
        if (left > 0) byPerson.set(person, left);
        else byPerson.delete(person);
      };
    },
    openNow: () => total,
  };
}

/** `Last-Event-ID` (what EventSource sends when it reconnects), or `?after=` (a page opening a new one). */
function resumePoint(header: string | undefined, query: string | undefined): number | null {
  const value = header?.trim() || query?.trim();
  if (value === undefined || value === '') return null;
  if (!/^\d{1,15}$/.test(value)) {
    throw new HttpError(
      422,
      'validation_failed',
      'Last-Event-ID must be the id of an event this stream sent (a whole number)',
    );
  }
  return Number(value);
}

/**
 * GET /api/events: the live desk's Server-Sent Events (any session). The first message is `ready` (its id is
 * where the stream starts), then one message per audit event after Last-Event-ID, as they commit, and a
 * comment every 20 s. Cleaned up however the client goes: the response body cancelled (Hono's stream abort)
 * or the request's abort signal (the socket closed), whichever comes first.
 */
export function eventsRoutes(deps: AppDeps) {
  const streams = createStreamCounts();
  return new Hono().get('/', requireRight(deps, 'live'), async (c) => {
    const after = resumePoint(c.req.header('last-event-id'), c.req.query('after'));
    const signal = c.req.raw.signal;
    const sessionToken = readSessionToken(c, deps.config.trustProxy) ?? '';
    const deviceToken = readDeviceToken(c, deps.config.trustProxy);
    const release = streams.open(personOf(await actorOf(c, deps)));
    const response = streamSSE(c, async (stream) => {
      let subscription: LiveSubscription | undefined;
      let pendingBytes = 0;
      let finish: () => void = () => {};
      let ended = false;
      const finished = new Promise<void>((resolve) => {
        finish = () => {
          ended = true;
          resolve();
        };
      });

      // The session was checked by the guard just now; after that, at most every sessionRecheckMs.
      let checkedAt = deps.now();
      const stillAllowed = async (): Promise<boolean> => {
        if (deps.now() - checkedAt < sessionRecheckMs) return true;
        try {
          // A look, not a use: the stream must not keep its own session from locking.
          const session = await deps.sessions.describe(sessionToken, deps.now(), deviceToken, {
            touch: false,
          });
          checkedAt = deps.now();
          return session !== null && grantOf(session.actor.role, 'live') !== 'no';
        } catch (error) {
          // The database is away for a moment: keep the stream and look again next time.
          deps.logger.warn('live: a stream could not check its session', describeError(error));
          return true;
        }
      };
      // Writes go out in order, each after the session check it may need.
      let queue = Promise.resolve();
      const send = (text: string, forceCheck = false) => {
        queue = queue.then(async () => {
          if (ended) return;
          if (forceCheck) checkedAt = Number.NEGATIVE_INFINITY;
          if (!(await stillAllowed())) {
            finish();
            return;
          }
          write(text);
        });
      };
      const write = (text: string) => {
        if (ended || stream.aborted || stream.closed) return;
        pendingBytes += text.length;
        if (pendingBytes > pendingBytesMax) {
          // The client reads slower than events come: let it go; it resumes from its last id.
          deps.logger.warn('live: a stream fell too far behind and was closed', { pendingBytes });
          finish();
          return;
        }
        void stream.write(text).then(() => {
          pendingBytes -= text.length;
        });
      };
      stream.onAbort(finish);
      signal.addEventListener('abort', finish, { once: true });
      if (signal.aborted) {
        release();
        return;
      }

      const heartbeat = setInterval(() => send(': keep-alive\n\n', true), liveLimits.heartbeatMs);
      try {
        subscription = await deps.live.subscribe(after, {
          // Where the stream starts (the catch-up follows), and EventSource's wait before it reconnects.
          start: (seq) => write(`retry: 2000\nevent: ${liveControlEvents.ready}\nid: ${seq}\ndata: {}\n\n`),
          deliver: (messages: LiveMessage[]) => send(messages.map((message) => message.sse).join('')),
          reset: (seq) => write(`event: ${liveControlEvents.reset}\nid: ${seq}\ndata: {}\n\n`),
          end: finish,
        });
        await finished;
      } catch (error) {
        // The 200 is sent: ending the stream makes EventSource retry, and the detail goes to the log only.
        deps.logger.error('live: a stream could not start', describeError(error));
      } finally {
        clearInterval(heartbeat);
        signal.removeEventListener('abort', finish);
        subscription?.unsubscribe();
        release();
      }
    });
    // Proxies must pass each event on at once: nginx buffers unless told not to, and no-transform keeps
    // compression (ours and theirs) off the stream.
    response.headers.set('Cache-Control', 'no-store, no-transform');
    response.headers.set('X-Accel-Buffering', 'no');
    return response;
  });
}
