import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { seller } from '../../../tests/support/tax-parties';
import { describeEachDatabase } from '../../../tests/support/test-app';

/**
 * A tax document's `issuedAt` is taken with its number (DESIGN.md, "Books no one can rewrite"): the review found
 * it out of number order on PostgreSQL in 41 of 99 pairs (each took its request's time, and took the number
 * later, at whatever turn its transaction got the counter). Checkouts sent at once, on the app's real clock:
 * in number order the times never go back.
 */
describeEachDatabase('issuedAt in number order', ({ fresh }) => {
  it('60 taxed checkouts at once: issuedAt never decreases in number order, and each answer is what is stored', async () => {
    const t = await fresh();
    // The app's clock is the real one here: each request takes its own time, as on a server.
    Object.defineProperty(t.clock, 'now', { get: () => Date.now(), set: () => {} });
    const cookie = await t.login();
    await setGuest(t, cookie);
    const saved = await t.request('PUT', '/api/settings', { cookie, body: { tax: seller } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    const { Chang } = await drinksByName(t);
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        t.request('POST', '/api/checkouts', {
          cookie,
          body: { bungalow: 100 + i, items: [{ drinkId: Chang?.id ?? 0, missing: 1 }] },
        }),
      ),
    );
    const answered = new Map<string, string>();
    for (const answer of answers) {
      expect(answer.status, await answer.clone().text()).toBe(201);
      const { document } = await answer.json();
      answered.set(document.number, document.issuedAt);
    }
    const stored = await t.db.kysely
      .selectFrom('tax_documents')
      .select(['number', 'issued_at'])
      .orderBy('number')
      .execute();
    expect(stored).toHaveLength(60);
    const backwards = stored.filter((row, i) => i > 0 && row.issued_at < (stored[i - 1]?.issued_at ?? ''));
    expect(backwards.map((row) => row.number)).toEqual([]);
    expect(new Map(stored.map((row) => [row.number, row.issued_at]))).toEqual(answered);
  });
});
