import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { dayFigures } from '../../src/server/days/days.repo';
import { localDayOf } from '../../src/shared/local-days';
import { drinksByName, setGuest } from '../support/checkout-factory';
import {
  createScratchDatabase,
  createTestApp,
  type ScratchDatabase,
  testDialects,
} from '../support/test-app';

/**
 * A closed day is closed (DESIGN.md, "Books no one can rewrite"): the review sent 80 revisions racing
 * `POST /api/days/:day/close` on PostgreSQL, and in 2 of 3 runs a `checkout.revised` committed after
 * `day.closed` (frozen 15,400 THB, books 15,440). Each revision must commit before the close and be in its
 * figures, or be 409 `settled`. 20 runs on each database; each compares the frozen figures with the books and
 * looks for a revision after the close in the chain.
 */

const runs = Number(process.env.CLOSE_RACE_RUNS ?? 20);
const checks = 80;
/** Revisions a check gets, one after the other. */
const rounds = 3;

describe.each(testDialects)('revisions racing the close [%s]', (dialect) => {
  const made: ScratchDatabase[] = [];
  afterAll(async () => {
    await Promise.all(made.map((scratch) => scratch.drop()));
  });

  it(`${runs} runs of ${checks} checks revised ${rounds} times and a close: the frozen figures are the books`, async () => {
    const outcomes = { before: 0, settled: 0 };
    for (let run = 0; run < runs; run++) {
      const scratch = await createScratchDatabase(dialect);
      made.push(scratch);
      const t = await createTestApp(scratch);
      t.clock.now = Date.parse('2026-11-20T05:00:00.000Z');
      const cookie = await t.login();
      await setGuest(t, cookie);
      const { Chang, Coke } = await drinksByName(t);
      const send = (checkId: string, items: { drinkId: number; missing: number }[]) =>
        t.request('POST', '/api/checkouts', { cookie, body: { bungalow: 7, checkId, items } });
      const ids = Array.from({ length: checks }, () => randomUUID());
      for (const checkId of ids) {
        const first = await send(checkId, [{ drinkId: Chang?.id ?? 0, missing: 1 }]);
        expect(first.status, await first.clone().text()).toBe(201);
      }
      const { timeZone, cashFloat } = await (await t.request('GET', '/api/settings', { cookie })).json();
      const day = localDayOf(t.clock.now, timeZone);

      // Each check is revised three times in a row, all checks at once; the close goes out once a third of the
      // revisions have been answered, with the rest in flight or still to be sent.
      let answered = 0;
      let fireClose = (): void => {};
      const close = new Promise<Response>((resolve) => {
        fireClose = () =>
          resolve(t.request('POST', `/api/days/${day}/close`, { cookie, body: { countedCash: 0 } }));
      });
      const revise = async (checkId: string) => {
        const responses: Response[] = [];
        for (let coke = 1; coke <= rounds; coke++) {
          const response = await send(checkId, [
            { drinkId: Chang?.id ?? 0, missing: 1 },
            { drinkId: Coke?.id ?? 0, missing: coke },
          ]);
          responses.push(response);
          if (++answered === checks) fireClose();
        }
        return responses;
      };
      const revisions = Promise.all(ids.map(revise)).then((all) => all.flat());
      const closed = await close;
      expect(closed.status, await closed.clone().text()).toBe(201);
      for (const response of await revisions) {
        if (response.status === 200) outcomes.before++;
        else {
          expect(response.status, await response.clone().text()).toBe(409);
          expect((await response.json()).error.code).toBe('settled');
          outcomes.settled++;
        }
      }

      const frozen = await (await t.request('GET', `/api/days/${day}`, { cookie })).json();
      const books = await dayFigures(t.db.kysely, day, { timeZone, cashFloat });
      expect({ checkouts: frozen.checkouts, unpaid: frozen.unpaid }, `run ${run + 1}`).toEqual({
        checkouts: books.checkouts,
        unpaid: books.unpaid,
      });
      const events = await t.db.kysely
        .selectFrom('audit_events')
        .select(['seq', 'action'])
        .where('action', 'in', ['checkout.revised', 'day.closed'])
        .orderBy('seq')
        .execute();
      const closedAt = events.findIndex((event) => event.action === 'day.closed');
      expect(closedAt, `run ${run + 1}`).toBeGreaterThanOrEqual(0);
      expect(
        events.slice(closedAt + 1).map((event) => `${event.seq} ${event.action}`),
        `run ${run + 1}: revisions after the close`,
      ).toEqual([]);
      await t.live.close();
      await scratch.drop();
      made.pop();
    }
    // Both sides of the race were met: some revisions before the close, some refused after it.
    console.log(
      `[${dialect}] ${runs} runs: ${outcomes.before} revisions before the close, ${outcomes.settled} settled`,
    );
    expect(outcomes.before).toBeGreaterThan(0);
    expect(outcomes.settled).toBeGreaterThan(0);
  });
});
