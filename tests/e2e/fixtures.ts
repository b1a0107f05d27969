import { type APIRequestContext, test as base, expect, request as playwrightRequest } from '@playwright/test';
import type { Drink, Guest } from '../../src/shared/api-types';
import type { DrinkInput, GuestInput } from '../../src/shared/schemas';
import type { ServerProcess } from '../support/server-process';
import { ServerSupply } from '../support/server-supply';

/**
 * Admin calls through the real API, for arranging a test's data. Same-origin headers are sent because
 * the server refuses cross-site writes.
 */
export class AdminApi {
  constructor(
    private readonly api: APIRequestContext,
    private readonly server: ServerProcess,
  ) {}

  static async login(server: ServerProcess): Promise<AdminApi> {
    const api = await playwrightRequest.newContext({
      baseURL: server.baseURL,
      // A fresh connection per call: the server closes a keep-alive socket idle for 5 s, and Playwright's
      // client, unlike a browser, does not retry a request that raced that close (ECONNRESET under load).
      extraHTTPHeaders: { Origin: server.baseURL, Connection: 'close' },
    });
    const response = await api.post('/api/session', { data: { password: server.adminPassword } });
    expect(response.status(), await response.text()).toBe(204);
    return new AdminApi(api, server);
  }

  async drinks(): Promise<Drink[]> {
    return (await this.api.get('/api/drinks')).json();
  }

  /** Replaces the whole catalogue; returns the new drinks in order. */
  async setDrinks(drinks: DrinkInput[]): Promise<Drink[]> {
    for (const drink of await this.drinks()) {
      expect((await this.api.delete(`/api/drinks/${drink.id}`)).status()).toBe(204);
    }
    const created: Drink[] = [];
    for (const drink of drinks) {
      const response = await this.api.post('/api/drinks', { data: drink });
      expect(response.status(), await response.text()).toBe(201);
      created.push(await response.json());
    }
    return created;
  }

  async setGuest(guest: GuestInput): Promise<Required<Guest>> {
    const response = await this.api.put('/api/guest', { data: guest });
    expect(response.status(), await response.text()).toBe(200);
    return response.json();
  }

  async checkouts() {
    return (await this.api.get('/api/checkouts')).json();
  }

  get baseURL() {
    return this.server.baseURL;
  }

  /** The signed-in request context itself, for a route this class has no method for. */
  request(): APIRequestContext {
    return this.api;
  }

  dispose() {
    return this.api.dispose();
  }
}

interface Fixtures {
  /** A real server with a fresh SQLite database, for this one test. */
  server: ServerProcess;
  adminApi: AdminApi;
}

interface WorkerFixtures {
  /** Where `server` comes from: started on a copy of a migrated, seeded database, as the test before ends. */
  serverSupply: ServerSupply;
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  serverSupply: [
    async ({}, use) => {
      const supply = await ServerSupply.open();
      await use(supply);
      await supply.close();
    },
    // The template's start (a migration, a seed, a full-cost password hash) on a loaded machine.
    { scope: 'worker', timeout: 60_000 },
  ],
  server: async ({ serverSupply }, use) => {
    const server = await serverSupply.take();
    await use(server);
    serverSupply.startNext();
    await server.stop();
  },
  baseURL: async ({ server }, use) => {
    await use(server.baseURL);
  },
  adminApi: async ({ server }, use) => {
    const adminApi = await AdminApi.login(server);
    await use(adminApi);
    await adminApi.dispose();
  },
});

export { expect };
