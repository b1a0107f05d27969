import { expect } from 'vitest';
import type { Checkout, Drink } from '../../src/shared/api-types';
import type { TestApp } from './test-app';

/** Drinks by name from the seeded catalogue, for building carts in API tests. */
export async function drinksByName(t: TestApp): Promise<Record<string, Drink>> {
  const drinks: Drink[] = await (await t.request('GET', '/api/drinks')).json();
  return Object.fromEntries(drinks.map((drink) => [drink.drinkName, drink]));
}

export async function setGuest(t: TestApp, cookie: string, name = 'Ann Guest'): Promise<void> {
  const response = await t.request('PUT', '/api/guest', {
    cookie,
    body: { name, email: 'guest@example.com' },
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Records a checkout at the given instant (the app's clock is moved there first). */
export async function checkoutAt(
  t: TestApp,
  iso: string,
  bungalow: number,
  cart: Record<string, number>,
): Promise<Checkout> {
  t.clock.now = Date.parse(iso);
  const drinks = await drinksByName(t);
  const items = Object.entries(cart).map(([name, missing]) => {
    const drink = drinks[name];
    if (!drink) throw new Error(`No drink named ${name} in the test catalogue`);
    return { drinkId: drink.id, missing };
  });
  const response = await t.request('POST', '/api/checkouts', { body: { bungalow, items } });
  expect(response.status, await response.clone().text()).toBe(201);
  return response.json();
}

/** Moves the clock to `iso` and logs in there (a session idles out after 30 minutes of test time). */
export async function loginAt(t: TestApp, iso: string): Promise<string> {
  t.clock.now = Date.parse(iso);
  return t.login();
}
