import { expect, it } from 'vitest';
import { setGuest } from '../security/support';
import { fuzzRoute, fuzzRoutes } from '../support/fuzz';
import { runCatalogueModel } from '../support/fuzz-model';
import { describeEachDatabase } from '../support/test-app';

/**
 * 10,000 per route on SQLite; PostgreSQL runs the same generators 2,000 times per route so the whole
 * stress run stays within 15 minutes on a 2-core machine.
 */
const runsFor = (dialect: string) => Number(process.env.FUZZ_RUNS ?? (dialect === 'sqlite' ? 10_000 : 2_000));

describeEachDatabase('property-based fuzzing, stress', ({ dialect, fresh }) => {
  const RUNS_PER_ROUTE = runsFor(dialect);
  it(`${RUNS_PER_ROUTE} generated requests per write route`, async () => {
    // Thousands of valid checkouts from one address: with the rate limits on, most would be 429s.
    const t = await fresh({ config: { checkoutLimits: { perAddress: 0, perBungalow: 0 } } });
    const cookie = await t.login();
    await setGuest(t, cookie);
    const drinkIds = (await (await t.request('GET', '/api/drinks')).json()).map((d: { id: number }) => d.id);
    const checkout = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 5, items: [{ drinkId: drinkIds[0], missing: 1 }] },
    });
    for (const route of fuzzRoutes(drinkIds, [(await checkout.json()).id])) {
      const started = performance.now();
      const tally = await fuzzRoute(t, cookie, route, RUNS_PER_ROUTE);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const fiveXx = Object.entries(tally.statuses).filter(([s]) => Number(s) >= 500).length;
      console.log(
        `[figure] fuzz ${dialect} ${route.name}: ${tally.runs} runs in ${seconds} s, 5xx ${fiveXx}, statuses ${JSON.stringify(tally.statuses)}`,
      );
      expect(tally.runs).toBe(RUNS_PER_ROUTE);
      expect(fiveXx).toBe(0);
    }
  });

  it('model-based: 150 sequences of up to 25 admin operations', async () => {
    const t = await fresh();
    await runCatalogueModel(t, await t.login(), 150);
  });
});
