import fc from 'fast-check';
import { expect, it } from 'vitest';
import { drinksByName } from '../../../tests/support/checkout-factory';
import { containsValue, everyTableText } from '../../../tests/support/guest-data';
import { describeEachDatabase } from '../../../tests/support/test-app';

/** A value no other data holds by chance: what an erased guest's name or email was. */
const word = fc.stringMatching(/^[a-z]{6}$/).map((w) => `zq${w}`);

type Step =
  | { kind: 'stay'; bungalow: number; name: string; email: string | null }
  | { kind: 'close'; bungalow: number }
  | { kind: 'checkout'; bungalow: number; missing: number }
  | { kind: 'guest'; name: string; email: string }
  | { kind: 'erase'; pick: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('stay' as const),
    bungalow: fc.integer({ min: 1, max: 4 }),
    name: word,
    email: fc.option(
      word.map((w) => `${w}@example.com`),
      { nil: null },
    ),
  }),
  fc.record({ kind: fc.constant('close' as const), bungalow: fc.integer({ min: 1, max: 4 }) }),
  fc.record({
    kind: fc.constant('checkout' as const),
    bungalow: fc.integer({ min: 1, max: 4 }),
    missing: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({ kind: fc.constant('guest' as const), name: word, email: word.map((w) => `${w}@example.com`) }),
  fc.record({ kind: fc.constant('erase' as const), pick: fc.nat() }),
);

/** Every `zq…` value in a JSON text. */
const valuesIn = (text: string) => new Set(text.match(/zq[a-z]{6,}(@example\.com)?/g) ?? []);

/**
 * Each value typed once in the whole run: fast-check favours a few words ("zqcaller", "zqlength"), and the same
 * word typed for two guests is, after one is erased, rightly still the other's.
 */
let typed = 0;
const once = (word: string) => {
  let n = typed++;
  let letters = '';
  do {
    letters += String.fromCharCode(97 + (n % 26));
    n = Math.floor(n / 26);
  } while (n > 0);
  return `${word}${letters}`;
};
const onceEmail = (email: string) => `${once(email.slice(0, email.indexOf('@')))}@example.com`;

describeEachDatabase('guests’ personal data, property', ({ fresh }) => {
  it('after random stays, checkouts, guest changes and erasures the chain verifies, totals stay, and no erased value is in any table', async () => {
    const t = await fresh();
    const owner = await t.login();
    const coke = (await drinksByName(t)).Coke?.id;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        const erasedValues = new Set<string>();
        for (const s of steps) {
          t.clock.advance(60_000);
          if (s.kind === 'stay') {
            await t.request('PUT', `/api/bungalows/${s.bungalow}/stay`, {
              cookie: owner,
              body: { guestName: once(s.name), guestEmail: s.email ? onceEmail(s.email) : '' },
            });
          } else if (s.kind === 'close') {
            await t.request('DELETE', `/api/bungalows/${s.bungalow}/stay`, { cookie: owner });
          } else if (s.kind === 'checkout') {
            await t.request('POST', '/api/checkouts', {
              body: { bungalow: s.bungalow, items: [{ drinkId: coke, missing: s.missing }] },
            });
          } else if (s.kind === 'guest') {
            await t.request('PUT', '/api/guest', {
              cookie: owner,
              body: { name: once(s.name), email: onceEmail(s.email) },
            });
          } else {
            const found = await (
              await t.request('GET', '/api/privacy/guests?q=zq', { cookie: owner })
            ).json();
            const guest = found[s.pick % Math.max(found.length, 1)];
            if (!guest) continue;
            const exported = await (
              await t.request('GET', `/api/privacy/guests/${guest.guestRef}/export`, { cookie: owner })
            ).text();
            for (const value of valuesIn(exported)) erasedValues.add(value);
            const before = await (await t.request('GET', '/api/checkouts', { cookie: owner })).json();
            const erased = await t.request('POST', `/api/privacy/guests/${guest.guestRef}/erase`, {
              cookie: owner,
              body: { reason: 'asked' },
            });
            expect(erased.status).toBe(200);
            const after = await (await t.request('GET', '/api/checkouts', { cookie: owner })).json();
            expect(after.map((c: { id: number; total: number }) => [c.id, c.total])).toEqual(
              before.map((c: { id: number; total: number }) => [c.id, c.total]),
            );
          }
        }
        const verdict = await (await t.request('GET', '/api/audit/verify', { cookie: owner })).json();
        expect(verdict).toMatchObject({ ok: true });
        // A value typed again for someone else (now or in their past) is theirs, not the erased guest's: what
        // every guest still held has in their export.
        const stillHeld: { guestRef: string }[] = await (
          await t.request('GET', '/api/privacy/guests?q=zq', { cookie: owner })
        ).json();
        const live = new Set<string>();
        for (const guest of stillHeld) {
          const held = await (
            await t.request('GET', `/api/privacy/guests/${guest.guestRef}/export`, { cookie: owner })
          ).text();
          for (const value of valuesIn(held)) live.add(value);
        }
        const everything = await everyTableText(t.db);
        for (const value of erasedValues) {
          // ...and so is a name that is part of a live email ("zqcaller" in "zqcaller@example.com").
          if ([...live].some((kept) => kept.includes(value))) continue;
          expect(containsValue(everything, value), value).toBe(false);
        }
      }),
      { numRuns: 12 },
    );
  });
});
