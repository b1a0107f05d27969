import type { IncomingMessage } from 'node:http';
import { parseBungalowParam } from '../../shared/bungalow';
import { languageCookie, requestLanguage } from '../../shared/i18n/language-cookie';
import type { Db } from '../db/database';
import { fridgeFingerprint } from './checkout-page';
import type { KeptRoute } from './kept-answers';
import { acceptEncodingFor, type ServedEncoding, servedEncoding } from './served-encoding';

/**
 * Bungalows × languages × encodings served × hosts kept; beyond, the least recently sent is let go (the app's own
 * page cache still helps), and the kept answers' bytes are bounded over all routes (kept-answers.ts).
 */
const MAX_VARIANTS = 2048;

/** The bungalow the page shows: the app reads ?bungalow= alone, so every other parameter gives the same page. */
function bungalowOf(url: string): number {
  const query = url.indexOf('?');
  return parseBungalowParam(query < 0 ? null : new URLSearchParams(url.slice(query + 1)).get('bungalow'));
}

/**
 * GET /checkout, the guest's page as the server renders it (checkout-page.ts), kept whole per bungalow,
 * language, encoding served (served-encoding.ts: not the header's text) and Host (kept-answers.ts adds the
 * Host, so that PUBLIC_URL's check is the app's answer for every name), and written straight to the socket while the bungalow's fingerprint (the
 * catalogue's version, stock and the fridge, in one synchronous read) is unchanged. SQLite only (PostgreSQL
 * has no synchronous read): null there, and the app answers.
 */
export function checkoutPageKeptRoute(db: Db): KeptRoute | null {
  const fingerprint = fridgeFingerprint(db);
  if (!fingerprint) return null;
  // A variant is its parts joined by a line feed, which no header value can hold.
  const parts = (variant: string) => variant.split('\n') as [string, string, string];
  return {
    path: '/checkout',
    variant: (request: IncomingMessage) => {
      const url = request.url ?? '';
      if (url !== '/checkout' && !url.startsWith('/checkout?')) return null;
      const language = requestLanguage(request.headers.cookie, request.headers['accept-language']);
      return [bungalowOf(url), language, servedEncoding(request.headers['accept-encoding'])].join('\n');
    },
    appRequest: (variant, host) => {
      const [bungalow, language, encoding] = parts(variant);
      const headers: Record<string, string> = { cookie: `${languageCookie}=${language}` };
      if (host) headers.host = host;
      const acceptEncoding = acceptEncodingFor(encoding as ServedEncoding);
      if (acceptEncoding) headers['accept-encoding'] = acceptEncoding;
      return new Request(`http://localhost/checkout?bungalow=${bungalow}`, { headers });
    },
    version: (variant) => fingerprint(Number(variant.slice(0, variant.indexOf('\n')))),
    maxVariants: MAX_VARIANTS,
    // The app's shell in place of a page it had no time to render (static-files.ts marks it no-store).
    keeps: (headers) => !/no-store/.test(String(headers['cache-control'] ?? '')),
  };
}
