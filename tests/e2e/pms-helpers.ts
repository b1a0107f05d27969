import type { APIRequestContext } from '@playwright/test';
import { startServer } from '../support/server-process';
import { test as base, expect } from './fixtures';

/** The stand-in PMS runs on this machine: the resort names it in WEBHOOK_ALLOWED_HOSTS, as for a webhook. */
export const pmsTest = base.extend({
  server: async ({}, use) => {
    const server = await startServer({ env: { WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' } });
    await use(server);
    await server.stop();
  },
});

/** A checkout and a post both go through the server and the stand-in PMS: more than a page's usual wait. */
export const throughThePms = { timeout: 15_000 };

/** PUT /api/pms with `connect`, then the mappings the server proposes from the PMS's rooms, saved as proposed. */
export async function connectWithProposedMappings(api: APIRequestContext, connect: Record<string, unknown>) {
  expect((await api.put('/api/pms', { data: connect })).status()).toBe(200);
  const proposal = await (await api.post('/api/pms/mappings/propose', { data: {} })).json();
  expect(
    (await api.put('/api/pms/mappings', { data: { rooms: proposal.rooms, items: proposal.items } })).status(),
  ).toBe(200);
}
