import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Logger } from '../logger';

/** The app's own answer to one variant of a request, as it went out, for one version of its data. */
interface Snapshot {
  version: string;
  status: number;
  headers: OutgoingHttpHeaders;
  /**
   * The same headers as one flat list, name then value: node:http takes it as it is, where an object's names are
   * each looked at again on every write.
   */
  headerList: string[];
  body: Buffer;
  /** Its request line, formatted but for the time and `ms` (logger.prepare), once it is first sent. */
  logLine?: (fields: { ms: number }) => void;
  /** What it holds in memory, about: its body and its headers' text. */
  bytes: number;
  /** When it was last sent (a counter): the least recently sent goes first when the bytes are over. */
  used: number;
}

/**
 * One kind of public answer that is the same for everyone who asks the same way, until its data change:
 * GET /api/drinks (drinks/drinks-fast-path.ts), the guest's page (checkout-page-fast-path.ts).
 */
export interface KeptRoute {
  /** For the log line. */
  path: string;
  /** The variant a request asks for (its encoding, language...), or null when the app must answer it. */
  variant(request: IncomingMessage): string | null;
  /**
   * The app's request for that variant and Host: the answer is taken from the app itself, middleware and all.
   * The Host is the request's own (PUBLIC_URL's check answers 421 for another name, and for none at all).
   */
  appRequest(variant: string, host: string): Request;
  /** The version of the data behind that variant: synchronous on SQLite, so the common case takes no promise. */
  version(variant: string): string | Promise<string>;
  /** Variants kept at most, counting each Host apart; beyond, the least recently sent is let go. */
  maxVariants: number;
  /**
   * Whether a 200 is worth repeating (default: every one). The guest's page says no to the shell it sends when
   * it had no time to render (marked no-store): the next request may get the page. Not a rule on no-store for
   * every route: the API's answers are all no-store for browsers, and GET /api/drinks is kept all the same.
   */
  keeps?(headers: OutgoingHttpHeaders): boolean;
}

export interface KeptAnswersOptions {
  /** The whole app: every snapshot is its real answer, security headers and all. */
  fetch: (request: Request) => Response | Promise<Response>;
  logger: Logger;
  /** Behind a trusted proxy the app adds headers per request (HSTS for HTTPS): nothing is kept then. */
  trustProxy: boolean;
  routes: KeptRoute[];
  /** Bytes kept at most over every route (default `keptBytesMax`); beyond, the least recently sent is let go. */
  maxBytes?: number;
}

/**
 * The kept answers' memory, all routes together: a resort's guest pages in a few languages and encodings are a
 * few megabytes (about 3 kB a page in brotli, 30 kB as text), and a flood of made-up variants cannot hold more.
 */
export const keptBytesMax = 16 * 1024 * 1024;

/**
 * Running a request through the framework costs about three times what writing the bytes costs (a Request, a
 * Response and their Headers per call), so an answer that is the same for everyone is kept: the app's full
 * response for that variant and data version, taken from the app in-process, and written straight to the
 * socket while the version (read on every request) says nothing changed. A write anywhere shows on the very
 * next read, as through the app. HEAD, TRUST_PROXY=1 and any failure go through the app.
 *
 * Bounded (docs/decisions/239): a route keeps at most `maxVariants` answers and all routes together at most
 * `maxBytes`; past either, the least recently sent answer is let go (a variant asked again is taken from the app
 * again). Routes key their variants by what changes the answer (the encoding served, not the header's text).
 */
export function createKeptAnswers(options: KeptAnswersOptions) {
  const maxBytes = options.maxBytes ?? keptBytesMax;
  const kept = options.routes.map((route) => ({
    route,
    /** In the order they were last sent, least recent first (a sent one moves to the end). */
    snapshots: new Map<string, Snapshot>(),
    pending: new Map<string, Promise<Snapshot>>(),
  }));
  type Kept = (typeof kept)[number];
  let bytes = 0;
  let uses = 0;

  /** Sent again: to the end of its route's order. */
  function touch({ snapshots }: Kept, key: string, snapshot: Snapshot) {
    snapshot.used = ++uses;
    snapshots.delete(key);
    snapshots.set(key, snapshot);
  }

  function letGo({ snapshots }: Kept, key: string) {
    const snapshot = snapshots.get(key);
    if (!snapshot) return;
    snapshots.delete(key);
    bytes -= snapshot.bytes;
  }

  /** Keeps a snapshot, then lets the least recently sent go until the route's count and the bytes are within. */
  function keep(entry: Kept, key: string, snapshot: Snapshot) {
    letGo(entry, key);
    entry.snapshots.set(key, snapshot);
    bytes += snapshot.bytes;
    snapshot.used = ++uses;
    while (entry.snapshots.size > entry.route.maxVariants) {
      const oldest = entry.snapshots.keys().next();
      if (oldest.done) break;
      letGo(entry, oldest.value);
    }
    while (bytes > maxBytes) {
      // Each route's first is its least recently sent: the oldest of those goes.
      let from: Kept | undefined;
      let oldest: [string, Snapshot] | undefined;
      for (const candidate of kept) {
        const first = candidate.snapshots.entries().next();
        if (!first.done && (!oldest || first.value[1].used < oldest[1].used)) {
          from = candidate;
          oldest = first.value;
        }
      }
      if (!from || !oldest) break;
      letGo(from, oldest[0]);
    }
  }
  /** What a request asks for: the route's variant, and the Host it named. */
  interface Asked {
    variant: string;
    host: string;
    /** Both, the key of the kept answer. */
    key: string;
  }

  async function take(entry: Kept, { variant, host, key }: Asked, version: string): Promise<Snapshot> {
    const { route } = entry;
    const response = await options.fetch(route.appRequest(variant, host));
    // Headers first: @hono/node-server's Response keeps what middleware set on them only until its body is read.
    const headers = Object.fromEntries(response.headers);
    const headerList = Object.entries(headers).flat();
    const body = Buffer.from(await response.arrayBuffer());
    const snapshot: Snapshot = {
      // Read before the app read its data: the body is at least as new as this version.
      version,
      status: response.status,
      headers,
      headerList,
      body,
      bytes: body.length + headerList.reduce((sum, text) => sum + text.length, key.length),
      used: 0,
    };
    // Only a normal answer is worth repeating; an error, or one its route will not keep, goes through the app
    // every time.
    if (response.status === 200 && (route.keeps?.(headers) ?? true)) keep(entry, key, snapshot);
    return snapshot;
  }

  function send(route: KeptRoute, response: ServerResponse, snapshot: Snapshot, started: number) {
    response.writeHead(snapshot.status, snapshot.headerList);
    response.end(snapshot.body);
    // At the default level a line a request: its fixed part formatted once (about a tenth of the request's CPU
    // was the line's formatting, docs/decisions/251).
    snapshot.logLine ??= options.logger.prepare('info', 'request', {
      method: 'GET',
      path: route.path,
      status: snapshot.status,
    });
    snapshot.logLine({ ms: Math.round((performance.now() - started) * 10) / 10 });
  }

  /** The slower way: the version comes from PostgreSQL, or the kept answer is out of date. */
  async function serve(
    entry: Kept,
    asked: Asked,
    versionRead: string | Promise<string>,
    response: ServerResponse,
    started: number,
  ) {
    const version = await versionRead;
    let snapshot = entry.snapshots.get(asked.key);
    if (snapshot?.version === version) {
      touch(entry, asked.key, snapshot);
      send(entry.route, response, snapshot, started);
      return;
    }
    let taking = entry.pending.get(asked.key);
    // The request that takes the answer from the app is logged by the app itself.
    const logged = !taking;
    if (!taking) {
      taking = take(entry, asked, version).finally(() => entry.pending.delete(asked.key));
      entry.pending.set(asked.key, taking);
    }
    snapshot = await taking;
    if (logged) {
      response.writeHead(snapshot.status, snapshot.headerList);
      response.end(snapshot.body);
    } else send(entry.route, response, snapshot, started);
  }

  return {
    /** What is kept now: answers and their bytes, all routes together. */
    size: () => ({ answers: kept.reduce((sum, entry) => sum + entry.snapshots.size, 0), bytes }),
    /** Wraps the app's node request listener. */
    wrap(
      appListener: (request: IncomingMessage, response: ServerResponse) => unknown,
    ): (request: IncomingMessage, response: ServerResponse) => void {
      return (request, response) => {
        if (request.method !== 'GET' || options.trustProxy) {
          appListener(request, response);
          return;
        }
        let entry: Kept | undefined;
        let variant: string | null = null;
        for (const candidate of kept) {
          variant = candidate.route.variant(request);
          if (variant !== null) {
            entry = candidate;
            break;
          }
        }
        if (!entry || variant === null) {
          appListener(request, response);
          return;
        }
        const host = request.headers.host ?? '';
        // A variant is its parts joined by a line feed, which no header value can hold.
        const asked: Asked = { variant, host, key: `${host}\n${variant}` };
        const snapshot = entry.snapshots.get(asked.key);
        const started = performance.now();
        let version: string | Promise<string>;
        try {
          version = entry.route.version(variant);
        } catch {
          appListener(request, response);
          return;
        }
        if (typeof version === 'string' && snapshot?.version === version) {
          touch(entry, asked.key, snapshot);
          send(entry.route, response, snapshot, started);
          return;
        }
        serve(entry, asked, version, response, started).catch(() => {
          // The database may be down: the app answers with its proper error (503) and logs it.
          if (!response.headersSent) appListener(request, response);
        });
      };
    },
  };
}
