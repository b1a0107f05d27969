import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { drinksByName, setGuest } from '../../../tests/support/checkout-factory';
import { describeEachDatabase } from '../../../tests/support/test-app';
import { localDayOf } from '../../shared/local-days';

/**
 * A closed day is closed (DESIGN.md, "Books no one can rewrite"): a revision racing the close either commits
 * before it (and is in its figures) or is 409 `settled`. The race made deterministic: the close is held between
 * its lock and its commit (on PostgreSQL, `lock table checkouts, checkout_payments in share mode`, then its row),
 * a revision is sent, and the close commits once the revision is seen waiting. The review's revision read the
 * day as open before it waited, and committed after the close. On SQLite the one writer orders them already;
 * the revision after a close is 409 there too.
 */
describeEachDatabase('a revision and the close, in order', ({ dialect, fresh }) => {
  it('a revision sent while the close holds its lock waits for it, then is 409 settled', async () => {
    const t = await fresh();
    t.clock.now = Date.parse('2026-11-20T05:00:00.000Z');
    const cookie = await t.login();
    await setGuest(t, cookie);
    const { Chang, Coke } = await drinksByName(t);
    const checkId = randomUUID();
    const send = (items: { drinkId: number; missing: number }[]) =>
      t.request('POST', '/api/checkouts', { cookie, body: { bungalow: 7, checkId, items } });
    expect((await send([{ drinkId: Chang?.id ?? 0, missing: 1 }])).status).toBe(201);
    const { timeZone } = await (await t.request('GET', '/api/settings', { cookie })).json();
    const day = localDayOf(t.clock.now, timeZone);
    const revise = () =>
      send([
        { drinkId: Chang?.id ?? 0, missing: 1 },
        { drinkId: Coke?.id ?? 0, missing: 1 },
      ]);

    if (dialect === 'postgres') {
      // A second app server's close, held open after its lock and its row.
      const other = t.scratch.openAnother();
      let commit = (): void => {};
      const held = new Promise<void>((resolve) => {
        commit = resolve;
      });
      let locked = (): void => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const close = other.kysely.transaction().execute(async (trx) => {
        await sql`lock table checkouts, checkout_payments in share mode`.execute(trx);
        await trx
          .insertInto('day_closes')
          .values({
            day,
            figures: '{}',
            counted_cash: 0,
            difference: 0,
            note: null,
            closed_at: new Date(t.clock.now).toISOString(),
            closed_by: 'Owner',
            reopened_at: null,
            reopened_by: null,
            reopen_reason: null,
            chain_head_seq: null,
            chain_head_hash: null,
          })
          .execute();
        locked();
        await held;
      });
      await lockTaken;
      const revision = revise();
      // Until the revision is seen waiting for a lock on checkouts.
      for (;;) {
        const { rows } = await sql<{ waiting: number | string }>`select count(*) as waiting from pg_locks
          where not granted and relation = 'checkouts'::regclass`.execute(t.db.kysely);
        if (Number(rows[0]?.waiting) > 0) break;
      }
      commit();
      await close;
      await other.close();
      const answer = await revision;
      expect(answer.status, await answer.clone().text()).toBe(409);
      expect((await answer.json()).error.code).toBe('settled');
    } else {
      const closed = await t.request('POST', `/api/days/${day}/close`, { cookie, body: { countedCash: 0 } });
      expect(closed.status).toBe(201);
      const answer = await revise();
      expect(answer.status).toBe(409);
      expect((await answer.json()).error.code).toBe('settled');
    }
    const revised = await t.db.kysely
      .selectFrom('audit_events')
      .select('seq')
      .where('action', '=', 'checkout.revised')
      .execute();
    expect(revised).toEqual([]);
  });
});
