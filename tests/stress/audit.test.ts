import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/server/audit/verify-chain';
import { openDatabase } from '../../src/server/db/database';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../support/server-process';
import { type PrivatePostgres, startPrivatePostgres } from './private-postgres';
import { checkoutBody, json, prepareForCheckouts, sleep } from './support';

/** What the clients were told: the checkouts created, and per checkout the payment changes it then had. */
interface Acknowledged {
  checkouts: Set<number>;
  paymentChanges: Map<number, number>;
}

/**
 * The audit trail as an auditor reads it straight from the database: the chain verifies, every acknowledged
 * change has its event, and no change lacks its event nor an event its change (same counts on both sides).
 */
async function auditTrailOf(databaseUrl: string, acked: Acknowledged) {
  const db = openDatabase(databaseUrl, { poolSize: 1 });
  try {
    const verdict = await verifyChain(db.kysely);
    const recorded = await db.kysely
      .selectFrom('audit_events')
      .select('subject_id')
      .where('action', '=', 'checkout.recorded')
      .execute();
    const recordedIds = new Set(recorded.map((row) => Number(row.subject_id)));
    const checkouts = await db.kysely.selectFrom('checkouts').select('id').execute();
    const payments = await sql<{
      id: string;
      n: number;
    }>`select subject_id as id, count(*) as n from audit_events
      where action in ('payment.recorded', 'payment.undone') group by subject_id`.execute(db.kysely);
    const paymentRows = await sql<{ id: number; n: number }>`select checkout_id as id, count(*) as n
      from checkout_payments group by checkout_id`.execute(db.kysely);
    const eventsPerCheckout = new Map(payments.rows.map((row) => [Number(row.id), Number(row.n)]));
    const rowsPerCheckout = new Map(paymentRows.rows.map((row) => [Number(row.id), Number(row.n)]));
    return {
      verdict,
      missingEvents: [...acked.checkouts].filter((id) => !recordedIds.has(id)),
      checkoutsWithoutEvent: checkouts.filter((row) => !recordedIds.has(row.id)).length,
      eventsWithoutCheckout: recordedIds.size - checkouts.filter((row) => recordedIds.has(row.id)).length,
      paymentsShort: [...acked.paymentChanges].filter(([id, n]) => (eventsPerCheckout.get(id) ?? 0) < n),
      paymentMismatch: [...new Set([...eventsPerCheckout.keys(), ...rowsPerCheckout.keys()])].filter(
        (id) => eventsPerCheckout.get(id) !== rowsPerCheckout.get(id),
      ),
    };
  } finally {
    await db.close();
  }
}

const newAcknowledged = (): Acknowledged => ({ checkouts: new Set(), paymentChanges: new Map() });

/** Guest checkouts and staff payment changes, until `running()` is false; errors after that are the kill. */
function writers(
  server: ServerProcess,
  cookie: string,
  owned: number[][],
  acked: Acknowledged,
  running: () => boolean,
) {
  const guests = Array.from({ length: 2 }, async (_, w) => {
    while (running()) {
      try {
        const response = await fetch(`${server.baseURL}/api/checkouts`, {
          method: 'POST',
          headers: json,
          body: checkoutBody(200 + w, 1 + (w % 3)),
        });
        const body = await response.json();
        if (response.status !== 201) throw new Error(`checkout answered ${response.status}`);
        acked.checkouts.add(body.id);
      } catch (error) {
        if (running()) throw error;
        return;
      }
    }
  });
  const staff = owned.map(async (ids) => {
    for (let turn = 0; running(); turn++) {
      const id = ids[turn % ids.length] as number;
      try {
        // Cash, card, undone, in turn: each one a change, whatever the one before it was.
        const method = ['cash', 'card', null][turn % 3];
        const response = await fetch(`${server.baseURL}/api/checkouts/${id}/payment`, {
          method: 'POST',
          headers: { ...json, cookie, origin: server.baseURL },
          body: JSON.stringify({ method }),
        });
        const body = await response.json();
        if (response.status !== 200) throw new Error(`payment answered ${response.status}`);
        acked.paymentChanges.set(id, Math.max(acked.paymentChanges.get(id) ?? 0, body.paymentEvents.length));
      } catch (error) {
        if (running()) throw error;
        return;
      }
    }
  });
  return Promise.all([...guests, ...staff]);
}

/** Checkouts for the staff writers to mark paid and undo, split between them. */
async function checkoutsToPay(server: ServerProcess, acked: Acknowledged): Promise<number[][]> {
  const ids: number[] = [];
  for (let i = 0; i < 12; i++) {
    const response = await fetch(`${server.baseURL}/api/checkouts`, {
      method: 'POST',
      headers: json,
      body: checkoutBody(300 + i),
    });
    const { id } = await response.json();
    acked.checkouts.add(id);
    ids.push(id);
  }
  return [ids.slice(0, 4), ids.slice(4, 8), ids.slice(8)];
}

async function killCycles(label: string, cycles: number, env: Record<string, string>, dataDir?: string) {
  const acked = newAcknowledged();
  let cookie = '';
  let owned: number[][] = [];
  let events = 0;
  for (let cycle = 0; cycle < cycles; cycle++) {
    const server = await startServer({
      ...(dataDir ? { dataDir } : {}),
      env: { ...checkoutLimitsOff, ...env },
    });
    if (cycle === 0) {
      cookie = await prepareForCheckouts(server);
      owned = await checkoutsToPay(server, acked);
    }
    let running = true;
    const writing = writers(server, cookie, owned, acked, () => running);
    await sleep(500 + Math.random() * 1500);
    // The kill lands at a random moment of the writes.
    running = false;
    server.child.kill('SIGKILL');
    await server.stop('SIGKILL');
    await writing;

    const trail = await auditTrailOf(server.databaseUrl, acked);
    expect(trail.verdict, `${label} cycle ${cycle}`).toMatchObject({ ok: true });
    expect(trail.missingEvents, `acknowledged checkouts without their event, cycle ${cycle}`).toEqual([]);
    expect(trail.checkoutsWithoutEvent, `cycle ${cycle}`).toBe(0);
    expect(trail.eventsWithoutCheckout, `cycle ${cycle}`).toBe(0);
    expect(trail.paymentsShort, `acknowledged payment changes without their event, cycle ${cycle}`).toEqual(
      [],
    );
    expect(trail.paymentMismatch, `payment rows and events differ, cycle ${cycle}`).toEqual([]);
    if (trail.verdict.ok) events = trail.verdict.events;
  }
  const payments = [...acked.paymentChanges.values()].reduce((sum, n) => sum + n, 0);
  console.log(
    `[figure] kill -9 ${label}: ${cycles} cycles, ${acked.checkouts.size} acknowledged checkouts and ${payments} payment changes, ` +
      `each with its event; chain of ${events} events verified after every restart`,
  );
}

describe('the audit trail under kill -9 and two app servers', () => {
  let pg: PrivatePostgres | undefined;
  beforeAll(async () => {
    pg = await startPrivatePostgres();
  });
  afterAll(async () => {
    await pg?.destroy();
  });

  it('SQLite: kill -9 during audited writes; after every restart each acknowledged change has its event and the chain verifies', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-audit-kill9-'));
    await killCycles('SQLite', 8, {}, dataDir);
  });

  it('PostgreSQL: kill -9 of the app server during audited writes; the same holds', async () => {
    await pg?.psql('create database kill9');
    const url = (pg?.url ?? '').replace(/\/postgres$/, '/kill9');
    await killCycles('PostgreSQL', 6, { DATABASE_URL: url });
  });

  it('PostgreSQL: two app servers writing at once keep one chain, no gap, no fork', async () => {
    await pg?.psql('create database two_servers');
    const url = (pg?.url ?? '').replace(/\/postgres$/, '/two_servers');
    const env = { ...checkoutLimitsOff, DATABASE_URL: url };
    const a = await startServer({ env });
    const b = await startServer({ env });
    try {
      const acked = newAcknowledged();
      const cookie = await prepareForCheckouts(a);
      const [forA, forB, forC] = await checkoutsToPay(a, acked);
      let running = true;
      const writing = Promise.all([
        writers(a, cookie, [forA ?? [], forC ?? []], acked, () => running),
        writers(b, cookie, [forB ?? []], acked, () => running),
      ]);
      await sleep(5000);
      running = false;
      await writing;
      const trail = await auditTrailOf(url, acked);
      expect(trail.verdict).toMatchObject({ ok: true });
      expect(trail.missingEvents).toEqual([]);
      expect(trail.checkoutsWithoutEvent).toBe(0);
      expect(trail.paymentMismatch).toEqual([]);
      expect(trail.paymentsShort).toEqual([]);
      // One line: seq runs 1..n with no gap (the verify walks it) and no two events share a seq or a predecessor.
      const db = openDatabase(url, { poolSize: 1 });
      try {
        const { rows } = await sql<{
          n: number;
          top: number;
          hashes: number;
        }>`select count(*) as n, max(seq) as top,
          count(distinct hash) as hashes from audit_events`.execute(db.kysely);
        expect(Number(rows[0]?.n)).toBe(Number(rows[0]?.top));
        expect(Number(rows[0]?.hashes)).toBe(Number(rows[0]?.n));
        console.log(
          `[figure] two app servers on one PostgreSQL: ${acked.checkouts.size} checkouts acknowledged, chain of ${Number(rows[0]?.n)} events, no gap, no fork`,
        );
      } finally {
        await db.close();
      }
    } finally {
      await Promise.all([a.stop('SIGKILL'), b.stop('SIGKILL')]);
    }
  });
});
