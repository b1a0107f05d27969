import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAudit, recordAudit, subject } from '../../src/server/audit/audit-log';
import { writeMoves } from '../../src/server/stock/ledger';
import { ownerActor } from '../../src/shared/team';
import { auditVerify, urlOf } from '../support/audit-verify-process';
import { lastAuditEvent } from '../support/last-audit-event';
import { dropAuditUpdateGuard } from '../support/rehash-audit';
import { createScratchDatabase, type ScratchDatabase, testDialects } from '../support/test-app';

describe.each(testDialects)('npm run audit:verify [%s]', (dialect) => {
  const made: ScratchDatabase[] = [];
  afterAll(async () => {
    await Promise.all(made.map((scratch) => scratch.drop()));
  });

  it('prints the events checked and the last hash; a row changed with the triggers dropped is exit 1 naming it', async () => {
    const scratch = await createScratchDatabase(dialect, { seed: false });
    made.push(scratch);
    const k = scratch.owner.kysely;
    let last = '';
    for (let i = 1; i <= 4; i++) {
      await recordAudit(k, {
        actor: ownerActor(),
        at: `2026-04-10T2${i}:00:00.000Z`,
        // Events of no row the trail replays (decision 230): the chain alone is on trial here.
        action: 'settings.changed',
        subject: subject('settings'),
        details: { before: { cashFloat: 0 }, after: { cashFloat: 2000 * i } },
      });
      last = (await lastAuditEvent(k)).hash;
    }

    const good = await auditVerify(urlOf(scratch));
    expect(good.code, good.out).toBe(0);
    expect(good.out).toContain('Audit chain verified: 4 events checked');
    expect(good.out).toContain(`Last hash: ${last}`);

    await dropAuditUpdateGuard(k, dialect);
    // "Who raised the cash float?": someone with database access names another person.
    await sql`update audit_events set actor_name = 'Noi' where seq = 2`.execute(k);

    const broken = await auditVerify(urlOf(scratch));
    expect(broken.code, broken.out).toBe(1);
    expect(broken.out).toMatch(/Audit chain BROKEN at seq 2: its hash does not match/);
  });

  it('replays the stock ledger against the balances: a balance changed behind the app is exit 1 naming it', async () => {
    const scratch = await createScratchDatabase(dialect);
    made.push(scratch);
    const k = scratch.owner.kysely;
    const chang = await k
      .selectFrom('Drinks')
      .select('id')
      .where('drinkName', '=', 'Chang')
      .executeTakeFirstOrThrow();
    await k.transaction().execute(async (trx) => {
      await trx.updateTable('stock_state').set({ started_at: '2026-04-10T00:00:00.000Z' }).execute();
      await writeMoves(trx, {
        at: '2026-04-10T00:00:00.000Z',
        document: { type: 'start', id: 0 },
        moves: [{ drinkId: chang.id, quantity: 48, from: 'count', to: 'storeroom' }],
      });
      await writeMoves(trx, {
        at: '2026-04-10T01:00:00.000Z',
        document: { type: 'restock', id: 1 },
        moves: [{ drinkId: chang.id, quantity: 4, from: 'storeroom', to: 'fridge:3' }],
      });
      // Their events, as the app appends them beside the moves: the trail's replay rebuilds the balances from them.
      const lines = (quantity: number) => [{ drinkId: chang.id, drinkName: 'Chang', quantity }];
      await appendAudit(trx, {
        actor: ownerActor(),
        at: '2026-04-10T00:00:00.000Z',
        action: 'stock.started',
        subject: subject('stock'),
        details: { storeroom: lines(48), fridges: [] },
      });
      await appendAudit(trx, {
        actor: ownerActor(),
        at: '2026-04-10T01:00:00.000Z',
        action: 'restock.done',
        subject: subject('bungalow', 3),
        details: { restockId: 1, refilled: [], moved: lines(4) },
      });
    });
    const good = await auditVerify(urlOf(scratch));
    expect(good.code, good.out).toBe(0);
    expect(good.out).toContain('Stock ledger verified: 2 moves replayed, 2 balances match');

    // Six Chang "found" in the storeroom by hand, without a count.
    await sql`update stock_balances set quantity = 48 where place = 'storeroom'`.execute(k);
    const broken = await auditVerify(urlOf(scratch));
    expect(broken.code, broken.out).toBe(1);
    expect(broken.out).toContain('Stock ledger and balances DIFFER at 1 place(s):');
    expect(broken.out).toContain(`storeroom, drink #${chang.id}: the ledger says 44, the balance says 48`);
  });

  it('exit 2 with the reason when there is no database', async () => {
    if (dialect !== 'sqlite') return;
    const missing = await auditVerify('sqlite:/nonexistent/fridge.sqlite');
    expect(missing.code).toBe(2);
    expect(missing.out).toMatch(/no database file at \/nonexistent\/fridge.sqlite.*Check DATABASE_URL/s);
  });
});
