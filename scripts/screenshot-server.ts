/**
 * The app the screenshot scripts (screenshots.ts, round-screenshots.ts) photograph: the built server on a fresh
 * SQLite file (run `npm run build` first), and the API calls that enter a resort's morning into it.
 */
import { startServer } from '../tests/support/server-process';

export async function startScreenshotServer(env: Record<string, string> = {}) {
  const server = await startServer({ env: { LOG_LEVEL: 'warn', ...env } });

  async function request(method: string, route: string, body?: unknown, cookie?: string) {
    const response = await fetch(`${server.baseURL}${route}`, {
      method,
      headers: {
        'content-type': 'application/json',
        origin: server.baseURL,
        ...(cookie ? { cookie } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    // A picture of a morning that half failed would mislead: stop at the first refusal.
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return response;
  }

  /** One call as the pages make it (same origin); the answer's JSON, or undefined for a 204. */
  async function api(method: string, route: string, body?: unknown, cookie?: string) {
    const response = await request(method, route, body, cookie);
    return response.status === 204 ? undefined : await response.json();
  }

  /** The owner's session cookie, for the calls only the owner may make. */
  async function signIn() {
    const response = await request('POST', '/api/session', { password: server.adminPassword });
    return (response.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  }

  return { server, api, signIn };
}
