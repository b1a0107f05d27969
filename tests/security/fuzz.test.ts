import { expect, it } from 'vitest';
import { fuzzRoute, fuzzRoutes } from '../support/fuzz';
import { runCatalogueModel } from '../support/fuzz-model';
import { describeEachDatabase } from '../support/test-app';
import { setGuest } from './support';

/** A quick pass for every `npm test`; the stress run sends 10,000 per route. */
const RUNS_PER_ROUTE = 60;

describeEachDatabase('property-based fuzzing', ({ dialect, fresh }) => {
  it(`${RUNS_PER_ROUTE} generated requests per write route: 0 5xx, 0 leaks, bad input refused with 0 rows changed`, async () => {
    const t = await fresh();
    const cookie = await t.login();
    await setGuest(t, cookie);
    const drinkIds = (await (await t.request('GET', '/api/drinks')).json()).map((d: { id: number }) => d.id);
    const checkout = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 5, items: [{ drinkId: drinkIds[0], missing: 1 }] },
    });
    for (const route of fuzzRoutes(drinkIds, [(await checkout.json()).id])) {
      const tally = await fuzzRoute(t, cookie, route, RUNS_PER_ROUTE);
      console.log(
        `[figure] fuzz ${dialect} ${route.name}: ${tally.runs} runs, statuses ${JSON.stringify(tally.statuses)}`,
      );
      expect(tally.runs).toBeGreaterThanOrEqual(RUNS_PER_ROUTE);
    }
  });

  it('model-based: the catalogue and guest always equal the model', async () => {
    const t = await fresh();
    const cookie = await t.login();
    await runCatalogueModel(t, cookie, 15);
  });
});
