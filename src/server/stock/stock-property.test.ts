import fc from 'fast-check';
import { expect, it } from 'vitest';
import { expectLedgerHolds, stockSetUp } from '../../../tests/support/stock';
import { describeEachDatabase } from '../../../tests/support/test-app';
import { replayLedger } from './replay';

const drinks = ['Coke', 'Chang', 'Wine'] as const;
const bungalow = fc.integer({ min: 1, max: 3 });
const drink = fc.constantFrom(...drinks);
const some = fc.integer({ min: 1, max: 6 });
const place = fc.oneof(
  fc.constant('storeroom'),
  bungalow.map((b) => `fridge:${b}`),
);

/** A document any of the stock's writers could be sent, good or refused. */
const documentArb = fc.oneof(
  fc.record({ kind: fc.constant('checkout' as const), bungalow, drink, n: some, again: fc.boolean() }),
  fc.record({ kind: fc.constant('restock' as const), bungalow, items: fc.option(fc.tuple(drink, some)) }),
  fc.record({
    kind: fc.constant('delivery' as const),
    drink,
    n: some,
    cost: fc.integer({ min: 0, max: 5000 }),
  }),
  fc.record({
    kind: fc.constant('count' as const),
    place,
    drink,
    counted: fc.integer({ min: 0, max: 8 }),
    expected: fc.option(fc.integer({ min: -3, max: 8 })),
  }),
  fc.record({ kind: fc.constant('write-off' as const), place, drink, n: some }),
  fc.record({ kind: fc.constant('void' as const), which: fc.nat(), writtenOff: fc.boolean() }),
);

describeEachDatabase('stock: random documents', ({ fresh }) => {
  it('the balances always equal the ledger replayed, no fridge below zero, every bottle conserved', async () => {
    const t = await fresh();
    const s = await stockSetUp(t);
    await s.start({ Coke: 10, Chang: 5 });
    const checkouts: { id: number; bungalow: number; checkId: string; drink: string }[] = [];
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(documentArb, { minLength: 1, maxLength: 12 }), async (documents) => {
        for (const doc of documents) {
          t.clock.advance(1000);
          let response: Response;
          switch (doc.kind) {
            case 'checkout': {
              // `again`: a revision of an earlier check of the bungalow (its checkId) with a new count.
              const earlier = doc.again ? checkouts.find((c) => c.bungalow === doc.bungalow) : undefined;
              const checkId = earlier?.checkId ?? crypto.randomUUID();
              response = await s.checkout(doc.bungalow, { [doc.drink]: doc.n }, checkId);
              if (response.status === 201) {
                const { id } = await response.clone().json();
                checkouts.push({ id, bungalow: doc.bungalow, checkId, drink: doc.drink });
              }
              break;
            }
            case 'restock':
              response = await s.post(
                `/api/restock/${doc.bungalow}`,
                doc.items ? { items: s.lines({ [doc.items[0]]: doc.items[1] }) } : {},
              );
              break;
            case 'delivery':
              response = await s.post('/api/stock/deliveries', {
                lines: [{ drinkId: s.id(doc.drink), quantity: doc.n, unitCost: doc.cost }],
              });
              break;
            case 'count':
              response = await s.post('/api/stock/counts', {
                place: doc.place,
                lines: [
                  {
                    drinkId: s.id(doc.drink),
                    counted: doc.counted,
                    ...(doc.expected === null ? {} : { expected: doc.expected }),
                  },
                ],
              });
              break;
            case 'write-off':
              response = await s.post('/api/stock/write-offs', {
                place: doc.place,
                reason: 'other',
                lines: s.lines({ [doc.drink]: doc.n }),
              });
              break;
            case 'void': {
              const target = checkouts[doc.which % Math.max(1, checkouts.length)];
              if (!target) continue;
              response = await s.post(`/api/checkouts/${target.id}/void`, {
                reason: 'Property test',
                bottles: doc.writtenOff ? 'written-off' : 'in-fridge',
              });
              break;
            }
          }
          sent++;
          // Refusals are part of the game (a fridge that holds too few, a voided check resent); a 500 is not.
          expect([200, 201, 409, 422], `${JSON.stringify(doc)}: ${await response.clone().text()}`).toContain(
            response.status,
          );
        }
        const verdict = await replayLedger(t.db.kysely);
        expect(verdict.differences).toEqual([]);
        const negative = await t.db.kysely
          .selectFrom('stock_balances')
          .select(['place', 'quantity'])
          .where('quantity', '<', 0)
          .where('place', 'like', 'fridge:%')
          .execute();
        expect(negative).toEqual([]);
      }),
      { numRuns: 12 },
    );
    await expectLedgerHolds(t);
    expect(sent).toBeGreaterThan(12);
  });
});
