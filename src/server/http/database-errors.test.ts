import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { createScratchDatabase, createTestApp } from '../../../tests/support/test-app';

it('a full disk is 503 with Retry-After, not 500, and the same send succeeds once there is room', async () => {
  const scratch = await createScratchDatabase('sqlite');
  try {
    const t = await createTestApp(scratch);
    await setGuest(t, await t.login());
    const coke = (await drinksByName(t)).Coke?.id;
    const send = (n: number) =>
      t.request('POST', '/api/checkouts', {
        body: {
          bungalow: 3,
          checkId: `c0ffee00-0000-4000-8000-${String(n).padStart(12, '0')}`,
          items: [{ drinkId: coke, missing: 1 }],
        },
      });
    const sqlite = t.db.sqlite;
    if (!sqlite) throw new Error('SQLite expected');
    // SQLite's own way to a full disk: the database may not grow past the pages it has (SQLITE_FULL).
    const pages = Number(sqlite.pragma('page_count', { simple: true }));
    sqlite.pragma(`max_page_count = ${pages}`);
    // Checkouts fill the pages' room left, then one needs a page more.
    let n = 0;
    let full = await send(n);
    while (full.status === 201 && n < 500) full = await send(++n);
    expect(full.status, await full.clone().text()).toBe(503);
    expect(full.headers.get('retry-after')).toBe('5');
    expect((await full.json()).error).toEqual({
      code: 'service_unavailable',
      message: "The server's disk is full. Please try again shortly.",
    });
    sqlite.pragma(`max_page_count = ${pages * 4}`);
    expect((await send(n)).status).toBe(201);
  } finally {
    await scratch.drop();
  }
});
