import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Db } from '../../db/database';
import type { Logger } from '../../logger';
import { createVersionReader } from './catalogue-cache';

/** The app's own answer to GET /api/drinks for one Accept-Encoding, as it went out, for one catalogue version. */
interface Snapshot {
  version: string;
  status: number;
  headers: OutgoingHttpHeaders;
  body: Buffer;
}

/** Distinct Accept-Encoding values kept (browsers send a handful); anything beyond goes through the app. */
const MAX_VARIANTS = 16;

export interface DrinksFastPathOptions {
  /** The whole app: every snapshot is its real answer, middleware, security headers and all. */
  fetch: (request: Request) => Response | Promise<Response>;
  db: Db;
  logger: Logger;
  trustProxy: boolean;
}

/**
 * GET /api/drinks is what every guest's first screen asks for. Running it through the framework costs about
 * three times what writing the bytes costs (a Request, a Response and their Headers per call), so the
 * answer itself is kept: the app's full response for that catalogue version, taken from the app in-process,
 * and written straight to the socket while the version token (the same check the catalogue cache makes)
 * says nothing changed. A write anywhere shows on the very next read, as through the app.
 *
 * Only the plain case takes this path: GET of exactly /api/drinks over a direct connection. HEAD, a query
 * string, TRUST_PROXY=1 (where X-Forwarded-Proto may add HSTS) and any failure go through the app.
 */
export function createDrinksFastPath(options: DrinksFastPathOptions) {
  const readVersion = createVersionReader(options.db);
  const snapshots = new Map<string, Snapshot>();
  const pending = new Map<string, Promise<Snapshot>>();

  async function take(acceptEncoding: string, version: string): Promise<Snapshot> {
    const headers: Record<string, string> = acceptEncoding ? { 'accept-encoding': acceptEncoding } : {};
    const response = await options.fetch(new Request('http://localhost/api/drinks', { headers }));
    // Headers first: @hono/node-server's Response keeps what middleware set on them only until its body is read.
    const responseHeaders = Object.fromEntries(response.headers);
    const snapshot: Snapshot = {
      // Read before the app read the list: the body is at least as new as this version.
      version,
      status: response.status,
      headers: responseHeaders,
      body: Buffer.from(await response.arrayBuffer()),
    };
    // Only a normal answer is worth repeating; an error goes through the app every time.
    if (response.status === 200) snapshots.set(acceptEncoding, snapshot);
    return snapshot;
  }

  function send(response: ServerResponse, snapshot: Snapshot, started: number) {
    response.writeHead(snapshot.status, snapshot.headers);
    response.end(snapshot.body);
    options.logger.info('request', {
      method: 'GET',
      path: '/api/drinks',
      status: snapshot.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
    });
  }

  /** The slower way: the version comes from PostgreSQL, or the kept answer is out of date. */
  async function serve(response: ServerResponse, acceptEncoding: string, started: number): Promise<void> {
    const version = await readVersion();
    let snapshot = snapshots.get(acceptEncoding);
    if (snapshot?.version === version) {
      send(response, snapshot, started);
      return;
    }
    let taking = pending.get(acceptEncoding);
    // The request that takes the answer from the app is logged by the app itself.
    const logged = !taking;
    if (!taking) {
      taking = take(acceptEncoding, version).finally(() => pending.delete(acceptEncoding));
      pending.set(acceptEncoding, taking);
    }
    snapshot = await taking;
    if (logged) {
      response.writeHead(snapshot.status, snapshot.headers);
      response.end(snapshot.body);
    } else send(response, snapshot, started);
  }

  return {
    /** Wraps the app's node request listener. */
    wrap(
      appListener: (request: IncomingMessage, response: ServerResponse) => unknown,
    ): (request: IncomingMessage, response: ServerResponse) => void {
      return (request, response) => {
        const eligible =
          request.method === 'GET' &&
          request.url === '/api/drinks' &&
          !options.trustProxy &&
          (snapshots.has(request.headers['accept-encoding'] ?? '') || snapshots.size < MAX_VARIANTS);
        if (!eligible) {
          appListener(request, response);
          return;
        }
        const started = performance.now();
        const acceptEncoding = request.headers['accept-encoding'] ?? '';
        // SQLite answers the version check synchronously: the common case needs no promise at all.
        if (options.db.sqlite) {
          const snapshot = snapshots.get(acceptEncoding);
          try {
            if (snapshot && snapshot.version === readVersion()) {
              send(response, snapshot, started);
              return;
            }
          } catch {
            appListener(request, response);
            return;
          }
        }
        serve(response, acceptEncoding, started).catch(() => {
          // The database may be down: the app answers with its proper error (503) and logs it.
          if (!response.headersSent) appListener(request, response);
        });
      };
    },
  };
}
