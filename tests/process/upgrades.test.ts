import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import { runAuditVerify } from '../../scripts/audit-verify';
import { migrateToLatest } from '../../src/server/db/migrate';
import { migrationNames, releaseChain } from '../support/database-at';
import { createTestApp, type ScratchDatabase, testDialects } from '../support/test-app';

/**
 * DESIGN.md, "Installed like a product": a database made by every earlier release upgrades in place at start
 * and passes `audit:verify`. Every migration but the newest is an earlier release; the list is the folder's,
 * so a migration added later makes one more case here by itself. The releases' databases are built once, in
 * order, and each case upgrades a copy of the one at its release (`releaseChain`): building them costs N
 * migrations, not N²/2 (each upgrade still runs the migrations after its release, which is what it tests).
 */
const names = migrationNames();
const earlier = names.slice(0, -1);

describe.each(testDialects)('an install from every earlier release upgrades in place [%s]', (dialect) => {
  const chain = releaseChain(dialect);
  afterAll(() => chain.close());

  it('the folder holds every migration the server runs, in order', () => {
    expect(names[0]).toBe('001-initial');
    expect(names.length).toBeGreaterThanOrEqual(14);
    expect(names.map((name) => Number(name.slice(0, 3)))).toEqual(names.map((_, index) => index + 1));
  });

  it.each(earlier)('from %s: migrates, answers, keeps its data, and passes audit:verify', async (last) => {
    const old = await chain.at(last);
    // Dropped as its case ends, not with the file: thirty databases would otherwise wait on the server till then.
    onTestFinished(old.drop);
    await migrateToLatest(old.db);

    const lines: string[] = [];
    expect(await runAuditVerify(old.url, (line) => lines.push(line)), lines.join('\n')).toBe(0);
    expect(lines.join('\n')).toMatch(/Audit chain verified: [\d,]+ events/);

    const t = await createTestApp({ db: old.db } as ScratchDatabase, { db: old.db });
    const health = await t.request('GET', '/api/health');
    expect(await health.json()).toEqual({ status: 'ok' });
    expect(await (await t.request('GET', '/api/drinks')).json()).toHaveLength(old.data.drinks);
    const cookie = await t.login();
    const checkouts = (await (await t.request('GET', '/api/checkouts?pageSize=100', { cookie })).json()) as {
      bungalow: number;
      total: number;
      voidedAt: string | null;
    }[];
    const live = checkouts.filter((checkout) => !checkout.voidedAt);
    expect(
      live.map(({ bungalow, total }) => ({ bungalow, total })).sort((a, b) => a.bungalow - b.bungalow),
    ).toEqual([...old.data.checkouts].sort((a, b) => a.bungalow - b.bungalow));
    // Every event written before the upgrade is still in the chain the server shows.
    const verify = await (await t.request('GET', '/api/audit/verify', { cookie })).json();
    expect(verify).toMatchObject({ ok: true });
    expect(verify.events).toBeGreaterThanOrEqual(old.data.auditEvents);
    // And it goes on: a checkout after the upgrade joins the same chain.
    await t.request('PUT', '/api/guest', { cookie, body: { name: 'Ann', email: 'ann@example.com' } });
    const after = await t.request('POST', '/api/checkouts', {
      body: { bungalow: 30, items: [{ drinkId: 1, missing: 1 }] },
    });
    expect(after.status, await after.clone().text()).toBe(201);
    expect(await runAuditVerify(old.url, () => {})).toBe(0);
    await t.live.close();
  });
});
