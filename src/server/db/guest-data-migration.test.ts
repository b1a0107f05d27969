import { describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { containsValue, everyTableText, openStayAsBefore016 } from '../../../tests/support/guest-data';
import { createTestApp, type ScratchDatabase, testDialects } from '../../../tests/support/test-app';
import { erasedGuestName } from '../../shared/privacy';
import { ownerActor } from '../../shared/team';
import { appendAudit, subject } from '../audit/audit-log';
import { verifyChain } from '../audit/verify-chain';
import { migrateToLatest, migrateUpTo } from './migrate';
import { seedOnce } from './seed';

const owner = ownerActor();
const personal = ['Mia Chen', 'mia@example.com', 'Mia Chen-Li', 'Ann Walker', 'ann@example.com', 'Ann W.'];

describe.each(testDialects)('migration 016 seals the audit written before it [%s]', (dialect) => {
  it('moves every guest value out of the events, keeps the old head in audit.sealed, and the chain verifies before, after and after an erasure', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      await migrateUpTo(db, '014-stock-costs');
      await seedOnce(db);
      const k = db.kysely;
      // What the code before this stage wrote: names and emails in the events' details.
      const at = (minute: number) => new Date(Date.UTC(2026, 5, 1, 7, minute)).toISOString();
      await k.transaction().execute(async (trx) => {
        await trx.insertInto('Guest').values({ name: 'Ann Walker', email: 'ann@example.com' }).execute();
        await appendAudit(trx, {
          actor: owner,
          at: at(0),
          action: 'guest.saved',
          subject: subject('guest', 1),
          details: { after: { name: 'Ann Walker', email: 'ann@example.com' } },
        });
      });
      await k.transaction().execute(async (trx) => {
        await openStayAsBefore016(trx, at(1));
      });
      const [drink] = await k.selectFrom('Drinks').select(['id', 'drinkName', 'price']).limit(1).execute();
      for (const [stay, name, minute] of [
        [1, 'Mia Chen', 2],
        [null, 'Ann Walker', 3],
      ] as const) {
        await k.transaction().execute(async (trx) => {
          const checkout = await trx
            .insertInto('checkouts')
            .values({
              bungalow: stay ? 12 : 7,
              created_at: at(minute),
              guest_name: name,
              total: 80,
              stay_id: stay,
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('checkout_lines')
            .values({
              checkout_id: checkout.id,
              drink_id: drink?.id ?? 1,
              drink_name: drink?.drinkName ?? 'Coke',
              quantity: 1,
              unit_price: 80,
              line_total: 80,
            })
            .execute();
          await appendAudit(trx, {
            actor: owner,
            at: at(minute),
            action: 'checkout.recorded',
            subject: subject('checkout', checkout.id),
            details: { bungalow: stay ? 12 : 7, total: 80, lines: [] },
          });
        });
      }
      await k.transaction().execute(async (trx) => {
        await trx.updateTable('stays').set({ guest_name: 'Mia Chen-Li' }).where('id', '=', 1).execute();
        await appendAudit(trx, {
          actor: owner,
          at: at(4),
          action: 'stay.changed',
          subject: subject('stay', 1),
          details: { bungalow: 12, before: { guestName: 'Mia Chen' }, after: { guestName: 'Mia Chen-Li' } },
        });
        await trx
          .updateTable('stays')
          .set({ checked_out_at: at(5) })
          .where('id', '=', 1)
          .execute();
        await appendAudit(trx, {
          actor: owner,
          at: at(5),
          action: 'stay.closed',
          subject: subject('stay', 1),
          details: { bungalow: 12, guestName: 'Mia Chen-Li' },
        });
        await appendAudit(trx, {
          actor: owner,
          at: at(6),
          action: 'guest.saved',
          subject: subject('guest', 1),
          details: { before: { name: 'Ann Walker' }, after: { name: 'Ann W.' } },
        });
        await trx.updateTable('Guest').set({ name: 'Ann W.' }).execute();
      });
      const before = await verifyChain(k, { before024: true });
      expect(before).toMatchObject({ ok: true, events: 7 });
      const oldHead = before.ok ? before.lastHash : '';

      await migrateToLatest(db);

      const after = await verifyChain(k);
      // 029 (the trail is the books) then carries each drink older than the trail in as a drink.added event.
      const drinks = await k.selectFrom('Drinks').select('id').execute();
      expect(after).toMatchObject({ ok: true, events: 8 + drinks.length });
      const events = await k
        .selectFrom('audit_events')
        .select(['seq', 'action', 'details'])
        .orderBy('seq')
        .execute();
      const seal = events[7];
      expect(seal?.action).toBe('audit.sealed');
      expect(JSON.parse(seal?.details ?? '{}')).toMatchObject({
        previousHead: { seq: 7, hash: oldHead },
        sealedEvents: 5,
        rehashedEvents: 7,
      });
      const auditText = JSON.stringify(events);
      for (const value of personal) expect(containsValue(auditText, value), value).toBe(false);

      // The Activity page still shows the names; the guests are found by them.
      const t = await createTestApp({ db } as ScratchDatabase, { db });
      const cookie = await t.login();
      const activity = await (await t.request('GET', '/api/audit', { cookie })).json();
      const detailsOf = (action: string) =>
        activity.events
          .filter((e: { action: string }) => e.action === action)
          .map((e: { details: unknown }) => e.details);
      expect(detailsOf('stay.changed')).toEqual([
        { bungalow: 12, before: { guestName: 'Mia Chen' }, after: { guestName: 'Mia Chen-Li' } },
      ]);
      expect(detailsOf('guest.saved')).toEqual([
        { before: { name: 'Ann Walker' }, after: { name: 'Ann W.' } },
        { after: { name: 'Ann Walker', email: 'ann@example.com' } },
      ]);
      const [mia] = await (await t.request('GET', '/api/privacy/guests?q=mia@', { cookie })).json();
      expect(mia).toMatchObject({ name: 'Mia Chen-Li', stays: [{ bungalow: 12 }], checkouts: 1 });
      const [ann] = await (await t.request('GET', '/api/privacy/guests?q=ann@', { cookie })).json();
      expect(ann).toMatchObject({ name: 'Ann W.', checkouts: 1 });

      for (const guest of [mia, ann]) {
        const erased = await t.request('POST', `/api/privacy/guests/${guest.guestRef}/erase`, {
          cookie,
          body: { reason: 'asked' },
        });
        expect(erased.status).toBe(200);
      }
      // The sign-in and the two erasures (after the drinks 029 carried in).
      expect(await verifyChain(k)).toMatchObject({ ok: true, events: 11 + drinks.length });
      const everything = await everyTableText(db);
      for (const value of personal)
        expect(
          containsValue(everything, value),
          `${value} in ${everything
            .split('\n')
            .filter((l) => containsValue(l, value))
            .join('\n')
            .slice(0, 600)}`,
        ).toBe(false);
      const history = await (await t.request('GET', '/api/checkouts', { cookie })).json();
      expect(history.map((c: { guestName: string; total: number }) => [c.guestName, c.total])).toEqual([
        [erasedGuestName, 80],
        [erasedGuestName, 80],
      ]);
    } finally {
      await drop();
    }
  });

  it('a database whose events hold no guest keeps its chain as it was, with no seal', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      await migrateUpTo(db, '014-stock-costs');
      await db.kysely.transaction().execute((trx) =>
        appendAudit(trx, {
          actor: owner,
          at: '2026-06-01T07:00:00.000Z',
          action: 'settings.changed',
          subject: subject('settings'),
          details: { before: { cashFloat: 0 }, after: { cashFloat: 500 } },
        }),
      );
      const before = await verifyChain(db.kysely, { before024: true });
      await migrateToLatest(db);
      expect(await verifyChain(db.kysely)).toEqual(before);
    } finally {
      await drop();
    }
  });
});
