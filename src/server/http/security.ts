import type { MiddlewareHandler } from 'hono';
import { isHttps } from './client-address';
import { HttpError, sendError } from './errors';

const policy = [
  "default-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
  // Share and download use blob: URLs of the PDF the page itself made.
  "img-src 'self' data: blob:",
];
const contentSecurityPolicy = policy.join('; ');

/**
 * The policy of a page that carries inline elements (the guest's page: its first paint's rules and its first
 * taps' script, see checkout-page.ts): each element's text allowed by its hash, nothing else inline. Set by the
 * page itself; securityHeaders then leaves it as it is.
 */
export function policyWithInline({ style, script }: { style?: string; script?: string }): string {
  return [
    ...policy,
    ...(style ? [`style-src 'self' 'sha256-${style}'`] : []),
    ...(script ? [`script-src 'self' 'sha256-${script}'`] : []),
  ].join('; ');
}

/** On every response: the app's files, the API and errors alike. */
export function securityHeaders(trustProxy: boolean): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const h = c.res.headers;
    // A page that set its own (policyWithInline: this policy and a hash or two more) keeps it.
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', contentSecurityPolicy);
    h.set('X-Content-Type-Options', 'nosniff');
    h.set('Referrer-Policy', 'no-referrer');
    h.set('X-Frame-Options', 'DENY');
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    h.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    h.delete('X-Powered-By');
    if (isHttps(c, trustProxy)) h.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    const type = h.get('Content-Type');
    if (type && /^(application\/json|text\/)/.test(type) && !/charset=/i.test(type)) {
      h.set('Content-Type', `${type}; charset=utf-8`);
    }
  };
}

const writeMethods = new Set(['POST', 'PUT', 'DELETE', 'PATCH']);

/**
 * Writes come only from our own pages: a cross-site Origin or Sec-Fetch-Site is refused (403), and a body
 * must be JSON (415), which a plain HTML form or a no-cors fetch cannot send.
 */
export function sameOriginJsonWrites(): MiddlewareHandler {
  return async (c, next) => {
    if (!writeMethods.has(c.req.method)) return next();
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') {
      throw new HttpError(403, 'forbidden', 'Cross-site requests are not allowed');
    }
    const origin = c.req.header('origin');
    if (origin !== undefined) {
      // The Node adapter builds the URL from the Host header; in-process requests have no Host at all.
      const host = new URL(c.req.url).host;
      let originHost: string | null = null;
      try {
        originHost = new URL(origin).host;
      } catch {
        originHost = null;
      }
      if (!host || originHost !== host) {
        throw new HttpError(403, 'forbidden', 'Cross-site requests are not allowed');
      }
    }
    const hasBody =
      c.req.method === 'POST' ||
      c.req.method === 'PUT' ||
      c.req.method === 'PATCH' ||
      Number(c.req.header('content-length') ?? 0) > 0 ||
      c.req.header('transfer-encoding') !== undefined;
    // A DELETE that names a form or text type is not our client, even with an empty body.
    if (hasBody || c.req.header('content-type') !== undefined) {
      const type = c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
      if (type !== 'application/json') {
        throw new HttpError(415, 'unsupported_media_type', 'Send the request body as application/json');
      }
    }
    return next();
  };
}

/**
 * With PUBLIC_URL set, a request must name its host (DESIGN.md, "Abuse resistance"): a page of another site
 * that rebinds its own name to this server's address (DNS rebinding) sends its own name as Host and gets 421,
 * so it can read nothing. The health check answers whatever the Host: probes call it by address.
 */
export function publicHostOnly(publicUrl: string | undefined): MiddlewareHandler {
  if (!publicUrl) return (_c, next) => next();
  const url = new URL(publicUrl);
  const defaultPort = url.protocol === 'https:' ? '443' : '80';
  const accepted = new Set([
    url.host.toLowerCase(),
    `${url.hostname.toLowerCase()}:${url.port || defaultPort}`,
  ]);
  return async (c, next) => {
    const host = (c.req.header('host') ?? '').toLowerCase();
    if (accepted.has(host) || c.req.path === '/api/health') return next();
    return sendError(
      c,
      new HttpError(
        421,
        'misdirected_request',
        `This server answers only for ${url.host}, not for ${host || 'no host'}`,
      ),
    );
  };
}
