import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The socket's address, unless a trusted reverse proxy says otherwise. With TRUST_PROXY off a forged
 * X-Forwarded-For changes nothing, so it cannot dodge the login throttle.
 */
export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    // The proxy appends the address it saw: the last entry is the one it vouches for.
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'local';
  }
}

export function isHttps(c: Context, trustProxy: boolean): boolean {
  if (trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https') return true;
  // The URL's scheme without parsing the whole URL: this runs on every response.
  return c.req.url.startsWith('https:');
}
