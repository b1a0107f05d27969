import { type APIRequestContext, expect, request } from '@playwright/test';
import type { ServerProcess } from '../support/server-process';

/**
 * The owner's API calls, from a context of their own (not the page's cookies): staff on another device. The
 * caller disposes of it. `Connection: close`, so a server a test stops is not held by an idle keep-alive.
 */
export async function ownerApi(server: ServerProcess): Promise<APIRequestContext> {
  const api = await request.newContext({
    baseURL: server.baseURL,
    extraHTTPHeaders: { Origin: server.baseURL, Connection: 'close' },
  });
  expect((await api.post('/api/session', { data: { password: server.adminPassword } })).status()).toBe(204);
  return api;
}
