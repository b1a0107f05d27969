import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runAuditVerify } from '../../scripts/audit-verify';
import { checkoutLimitsOff, type ServerProcess, startServer } from '../support/server-process';
import { seller } from '../support/tax-parties';
import { checkoutBody, json, prepareForCheckouts, sleep } from './support';

/**
 * Tax documents' numbers under trouble (DESIGN.md, "Books the law accepts"; docs/decisions/110): four writers on
 * two app servers sharing one PostgreSQL, one server killed with SIGKILL mid-run. Every acknowledged checkout
 * has exactly one number, every stored checkout too, each month's numbers are 1..N without a gap or a repeat,
 * and the audit chain verifies.
 */

const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const WRITERS = 4;
const RUN_MS = 8_000;
const KILL_AT_MS = 3_000;

async function adminQuery<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

describe('tax document numbers: two app servers on one PostgreSQL, kill -9 of one', () => {
  const name = `fc_tax_stress_${randomBytes(4).toString('hex')}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const servers: ServerProcess[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop('SIGKILL')));
    await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
  });

  it('every acknowledged checkout has exactly one number; the numbers are 1..N; the audit verifies', async () => {
    await adminQuery(serverUrl, `create database ${name}`);
    const env = { ...checkoutLimitsOff, DATABASE_URL: databaseUrl };
    const a = await startServer({ env });
    servers.push(a);
    const cookie = await prepareForCheckouts(a);
    const saved = await fetch(`${a.baseURL}/api/settings`, {
      method: 'PUT',
      headers: { ...json, cookie, origin: a.baseURL },
      body: JSON.stringify({ tax: seller }),
    });
    expect(saved.status).toBe(200);
    const b = await startServer({ env });
    servers.push(b);

    const acknowledged = new Map<number, string>();
    let refused = 0;
    // Set before the kill: a request in flight fails before the child's exit is known.
    let killed = false;
    let bungalow = 1;
    const stopAt = Date.now() + RUN_MS;
    const writers = Array.from({ length: WRITERS }, async (_, writer) => {
      const server = writer % 2 === 0 ? a : b;
      while (Date.now() < stopAt) {
        try {
          const response = await fetch(`${server.baseURL}/api/checkouts`, {
            method: 'POST',
            headers: json,
            body: checkoutBody((bungalow++ % 24) + 1, 1 + (writer % 3)),
          });
          const body = (await response.json()) as { id: number; document?: { number: string } };
          if (response.status !== 201) throw new Error(`checkout answered ${response.status}`);
          expect(body.document?.number).toMatch(/^ABB\d{4}-\d{5}$/);
          acknowledged.set(body.id, body.document?.number ?? '');
        } catch (error) {
          if (server !== a || !killed) throw error;
          // The server was killed: the write was not acknowledged.
          refused++;
          await sleep(50);
        }
      }
    });
    await sleep(KILL_AT_MS);
    killed = true;
    a.child.kill('SIGKILL');
    await Promise.all(writers);

    const documents = await adminQuery<{ checkout_id: number; number: string; status: string }>(
      databaseUrl,
      'select checkout_id, number, status from tax_documents order by id',
    );
    const checkouts = await adminQuery<{ id: number }>(databaseUrl, 'select id from checkouts');
    const numbersOf = new Map<number, string[]>();
    for (const document of documents) {
      numbersOf.set(document.checkout_id, [...(numbersOf.get(document.checkout_id) ?? []), document.number]);
    }
    // Every acknowledged checkout, and every stored one, has exactly one number: the one it was answered.
    for (const [id, number] of acknowledged) expect(numbersOf.get(id), `checkout ${id}`).toEqual([number]);
    for (const { id } of checkouts) expect(numbersOf.get(id)?.length, `checkout ${id}`).toBe(1);
    expect(documents.every((document) => document.status === 'issued')).toBe(true);

    // Per month (a run across a month's end has two): 1..N, no gap, no repeat.
    const series = new Map<string, number[]>();
    for (const { number } of documents) {
      const [, month, sequence] = /^(ABB\d{4})-(\d{5,})$/.exec(number) ?? [];
      series.set(month ?? '?', [...(series.get(month ?? '?') ?? []), Number(sequence)]);
    }
    for (const [month, sequences] of series) {
      const sorted = [...sequences].sort((x, y) => x - y);
      expect(sorted, month).toEqual(Array.from({ length: sorted.length }, (_, i) => i + 1));
    }

    const lines: string[] = [];
    expect(await runAuditVerify(databaseUrl, (line) => lines.push(line)), lines.join('\n')).toBe(0);
    process.stdout.write(
      `[tax stress] ${JSON.stringify({
        writers: WRITERS,
        servers: 2,
        killedAfterMs: KILL_AT_MS,
        acknowledged: acknowledged.size,
        stored: checkouts.length,
        numbers: documents.length,
        unacknowledgedAttempts: refused,
        months: [...series.keys()],
        audit: lines[0],
      })}\n`,
    );
    await b.stop();
  });
});
