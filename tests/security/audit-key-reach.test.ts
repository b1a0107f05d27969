import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setAuditKey } from '../../src/server/audit/audit-key';
import type { Database } from '../../src/server/db/tables';
import type { ChainVerdict } from '../../src/shared/audit-types';
import { auditVerify, urlOf } from '../support/audit-verify-process';
import { checkoutAt, setGuest } from '../support/checkout-factory';
import { dropAuditUpdateGuard, rehashChainWithoutKey } from '../support/rehash-audit';
import { createTestApp, describeEachDatabase, type TestApp } from '../support/test-app';

/**
 * The key never reaches the database (DESIGN.md, "Books no one can rewrite"; docs/decisions/160). The review's
 * attack: as the app's own role, a trigger on the audit table copies every setting the session has (decision
 * 134 sent AUDIT_KEY's HMAC pads as `fridge.audit_inner` / `fridge.audit_outer`) and the statement it runs in;
 * then a payment is changed from cash to card and the chain hashed again with all the database holds.
 * `audit:verify` and `/api/audit/verify` must both refuse it.
 */

const key = 'the-key-that-lives-only-in-the-app-process-0123456789';

/** RFC 2104's two padded blocks, as decision 134 sent them to each PostgreSQL session (hex). */
function pads(secret: string) {
  const block = Buffer.alloc(64);
  const bytes = Buffer.from(secret, 'utf8');
  (bytes.length > 64 ? createHash('sha256').update(bytes).digest() : bytes).copy(block);
  const xor = (byte: number) => Buffer.from(block.map((b) => b ^ byte)).toString('hex');
  return { inner: xor(0x36), outer: xor(0x5c) };
}

/** What must appear nowhere the database can see: the key as text and as hex, and its pads. */
const secrets = [key, Buffer.from(key).toString('hex'), pads(key).inner, pads(key).outer];

/** The reviewer's triggers: everything a trigger body can see, copied into a table of the attacker's. */
async function plantSpy(k: Kysely<Database>) {
  await sql`create table spy (what text)`.execute(k);
  await sql`create function spy_copy() returns trigger language plpgsql as $$
    begin
      insert into spy values
        (coalesce(current_setting('fridge.audit_inner', true), '')),
        (coalesce(current_setting('fridge.audit_outer', true), '')),
        (current_query()),
        (row_to_json(new)::text),
        ((select string_agg(name || '=' || coalesce(setting, ''), ';') from pg_settings)),
        ((select string_agg(coalesce(query, ''), ';') from pg_stat_activity));
      return null;
    end $$`.execute(k);
  await sql`create trigger spy_events after insert on audit_events
    for each row execute function spy_copy()`.execute(k);
  await sql`create trigger spy_heads after insert on audit_signed_heads
    for each row execute function spy_copy()`.execute(k);
}

/** Every row of every table of the database, as text. */
async function everythingStored(t: TestApp): Promise<string> {
  const k = t.db.kysely;
  const tables =
    t.db.dialect === 'postgres'
      ? (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema()`.execute(k)
        ).rows
      : (await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(k)).rows;
  let all = '';
  for (const { name } of tables) {
    const rows = await sql`select * from ${sql.table(name)}`.execute(k);
    all += JSON.stringify(rows.rows);
  }
  return all;
}

/**
 * What someone with the database and not the key does: the triggers off, payment 'cash' made 'card', every hash
 * again from the first event (plain SHA-256, as the links are), the head moved to the end.
 */
async function rewriteAsAnAttacker(t: TestApp) {
  // The owner's login: the server's own may not drop a trigger (docs/decisions/231).
  const k = t.scratch.owner.kysely;
  await dropAuditUpdateGuard(k, t.db.dialect);
  const paid = await k
    .selectFrom('audit_events')
    .select(['seq', 'details'])
    .where('action', '=', 'payment.recorded')
    .executeTakeFirstOrThrow();
  expect(paid.details).toContain('"cash"');
  await k
    .updateTable('audit_events')
    .set({ details: paid.details.replace('"cash"', '"card"') })
    .where('seq', '=', paid.seq)
    .execute();
  await k.updateTable('checkouts').set({ paid_method: 'card' }).execute();
  await rehashChainWithoutKey(k);
}

const verifyApi = async (t: TestApp, cookie: string): Promise<ChainVerdict> =>
  (await t.request('GET', '/api/audit/verify', { cookie })).json();

describeEachDatabase('AUDIT_KEY never reaches the database', ({ dialect, fresh }) => {
  beforeAll(() => setAuditKey(key));
  afterAll(() => setAuditKey(undefined));

  /** A checkout paid in cash, its head signed by the app; the spy planted first on PostgreSQL. */
  async function paidCheckout(t: TestApp) {
    if (dialect === 'postgres') await plantSpy(t.scratch.owner.kysely);
    const cookie = await t.login();
    await setGuest(t, cookie);
    const checkout = await checkoutAt(t, '2026-11-20T08:00:00.000Z', 3, { Chang: 2 });
    const paid = await t.request('POST', `/api/checkouts/${checkout.id}/payment`, {
      cookie,
      body: { method: 'cash' },
    });
    expect(paid.status, await paid.clone().text()).toBe(200);
    const before = await verifyApi(t, cookie);
    expect(before).toMatchObject({ ok: true, unsignedEvents: 0 });
    return cookie;
  }

  it('nothing the database holds or sees carries the key or its pads', async () => {
    const t = await fresh();
    await paidCheckout(t);
    const stored = await everythingStored(t);
    if (dialect === 'postgres') {
      const spied = await sql<{ what: string }>`select what from spy`.execute(t.db.kysely);
      expect(spied.rows.length).toBeGreaterThan(0);
      expect(spied.rows.some((row) => row.what.includes('audit_signed_heads'))).toBe(true);
    }
    for (const secret of secrets) expect(stored).not.toContain(secret);
    // The heads are signed: the signature is in the database, the key is not.
    const heads = await t.db.kysely.selectFrom('audit_signed_heads').selectAll().execute();
    expect(heads.length).toBeGreaterThan(0);
  });

  it('a payment changed and the chain hashed again with all the database holds: both verifies refuse it', async () => {
    const t = await fresh();
    const cookie = await paidCheckout(t);
    await rewriteAsAnAttacker(t);
    const cli = await auditVerify(urlOf(t.scratch), { auditKey: key });
    expect(cli.code, cli.out).toBe(1);
    expect(cli.out).toMatch(/Audit chain BROKEN at seq \d+: the app signed event \d+ with another hash/);
    const api = await verifyApi(t, cookie);
    expect(api.ok).toBe(false);
  });

  it('and with the signed heads removed as well: both still refuse it', async () => {
    const t = await fresh();
    const cookie = await paidCheckout(t);
    await rewriteAsAnAttacker(t);
    await t.db.kysely.deleteFrom('audit_signed_heads').execute();
    const cli = await auditVerify(urlOf(t.scratch), { auditKey: key });
    expect(cli.code, cli.out).toBe(1);
    expect(cli.out).toMatch(/come after the last head the app signed/);
    // The server keeps the head it signed in its memory, where the database cannot reach.
    const api = await verifyApi(t, cookie);
    expect(api).toMatchObject({ ok: false });
    expect(api.ok === false && api.reason).toMatch(/this server signed event \d+ with another hash/);
  });

  it('cut after the last signed head (events and heads removed at the end): --head finds it', async () => {
    const t = await fresh();
    const cookie = await paidCheckout(t);
    const k = t.scratch.owner.kysely;
    const head = await k.selectFrom('audit_head').select(['seq', 'hash']).executeTakeFirstOrThrow();
    if (t.db.dialect === 'sqlite') await sql`drop trigger audit_events_no_delete`.execute(k);
    else await sql`drop trigger audit_events_no_change on audit_events`.execute(k);
    const cutAt = Number(head.seq) - 1;
    await k.deleteFrom('audit_events').where('seq', '>', cutAt).execute();
    await k.deleteFrom('audit_signed_heads').where('seq', '>', cutAt).execute();
    const last = await k
      .selectFrom('audit_events')
      .select('hash')
      .where('seq', '=', cutAt)
      .executeTakeFirstOrThrow();
    await k.updateTable('audit_head').set({ seq: cutAt, hash: last.hash }).where('id', '=', 1).execute();
    // The running server remembers the head it signed.
    expect(await verifyApi(t, cookie)).toMatchObject({ ok: false });
    const cli = await auditVerify(urlOf(t.scratch), {
      auditKey: key,
      args: ['--head', `${head.seq}:${head.hash}`],
    });
    expect(cli.code, cli.out).toBe(1);
    expect(cli.out).toContain(`Chain head ${head.seq}:${head.hash} NOT FOUND: there is no event ${head.seq}`);
  });

  it('several app servers on one database each sign, and every head verifies', async () => {
    const a = await fresh();
    // SQLite is one server by design: there the second app shares the first's connection.
    const b = await createTestApp(a.scratch, { db: dialect === 'postgres' ? a.scratch.openAnother() : a.db });
    try {
      const cookieA = await a.login();
      const cookieB = await b.login();
      await setGuest(a, cookieA);
      for (let i = 0; i < 3; i++) {
        for (const [t, cookie] of [
          [a, cookieA],
          [b, cookieB],
        ] as const) {
          const sent = await t.request('POST', '/api/checkouts', {
            cookie,
            body: { bungalow: 10 + i, items: [{ drinkId: 1, missing: 1 }] },
          });
          expect(sent.status, await sent.clone().text()).toBe(201);
          expect(await verifyApi(t, cookie)).toMatchObject({ ok: true, unsignedEvents: 0 });
        }
      }
      const heads = await a.db.kysely.selectFrom('audit_signed_heads').select('seq').execute();
      expect(heads.length).toBeGreaterThanOrEqual(6);
      const cli = await auditVerify(urlOf(a.scratch), { auditKey: key });
      expect(cli.code, cli.out).toBe(0);
    } finally {
      await b.live.close();
      if (b.db !== a.db) await b.db.close();
    }
  });
});
