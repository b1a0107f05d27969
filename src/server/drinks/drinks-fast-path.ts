import type { Db } from '../db/database';
import { createKeptAnswers, type KeptRoute } from '../http/kept-answers';
import { acceptEncodingFor, type ServedEncoding, servedEncoding } from '../http/served-encoding';
import type { Logger } from '../logger';
import { createVersionReader } from './catalogue-cache';

/**
 * Encodings served × Host names kept (four of the one; a resort's staff and guests send a few of the other: its
 * name, its address, localhost); beyond, the least recently sent is let go.
 */
const MAX_VARIANTS = 64;

/**
 * GET /api/drinks is what the guest's screen asks for whenever the browser loads the drinks itself: the app's
 * answer is kept per encoding served (served-encoding.ts) and catalogue version (the same check the catalogue cache makes) and
 * written straight to the socket (http/kept-answers.ts). Only the plain case: GET of exactly /api/drinks; a
 * query string goes through the app.
 */
export function drinksKeptRoute(db: Db): KeptRoute {
  const readVersion = createVersionReader(db);
  return {
    path: '/api/drinks',
    variant: (request) =>
      request.url === '/api/drinks' ? servedEncoding(request.headers['accept-encoding']) : null,
    appRequest: (encoding, host) => {
      const acceptEncoding = acceptEncodingFor(encoding as ServedEncoding);
      return new Request('http://localhost/api/drinks', {
        headers: {
          ...(host ? { host } : {}),
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        },
      });
    },
    version: () => readVersion(),
    maxVariants: MAX_VARIANTS,
  };
}

export interface DrinksFastPathOptions {
  /** The whole app: every snapshot is its real answer, middleware, security headers and all. */
  fetch: (request: Request) => Response | Promise<Response>;
  db: Db;
  logger: Logger;
  trustProxy: boolean;
}

/** GET /api/drinks alone answered from kept answers (main.ts keeps the guest's page beside it). */
export function createDrinksFastPath({ fetch, db, logger, trustProxy }: DrinksFastPathOptions) {
  return createKeptAnswers({ fetch, logger, trustProxy, routes: [drinksKeptRoute(db)] });
}
