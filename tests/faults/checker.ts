import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { expect } from 'vitest';
import { runAuditVerify } from '../../scripts/audit-verify';
import type { WriterLoad } from './writer-load';

/** Where each fault's row of the table goes; tests/faults/vitest.config.ts's teardown prints them. */
export const tableFile = path.resolve('test-results/faults-table.jsonl');

export interface FaultRow {
  fault: string;
  database: 'SQLite' | 'PostgreSQL';
  load: string;
  acknowledged: number;
  lost: number;
  numbers: string;
  fiveHundreds: number;
  served503: number;
  /** How long the fault lasted, from its injection to its end (the database up, the process resumed...). */
  faultSeconds: number;
  recoverSeconds: number;
}

async function rowsOf<T>(databaseUrl: string, text: string): Promise<T[]> {
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new SqliteDatabase(databaseUrl.slice('sqlite:'.length), {
      fileMustExist: true,
      readonly: true,
    });
    try {
      return db.prepare(text).all() as T[];
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * The checker of the promises, over the whole history of the load and what the database holds once the fault
 * is over and the servers are stopped:
 * - every acknowledged checkout is stored, once (its checkId once), with the number it was answered;
 * - every stored checkout has one tax document; each month's numbers are 1..N, no gap, no repeat, and the
 *   months come in the order the documents were issued (a clock stepped back must not reorder them);
 * - `audit:verify` passes;
 * - no 500: an answer of 500 or more is a 503 with Retry-After.
 */
export async function checkPromises(
  databaseUrl: string,
  load: WriterLoad,
  figures: Pick<FaultRow, 'fault' | 'database' | 'load' | 'faultSeconds' | 'recoverSeconds'>,
): Promise<FaultRow> {
  const checkouts = await rowsOf<{ id: number; check_id: string | null }>(
    databaseUrl,
    'select id, check_id from checkouts',
  );
  const documents = await rowsOf<{ id: number; checkout_id: number; number: string; month: string }>(
    databaseUrl,
    'select id, checkout_id, number, month from tax_documents order by id',
  );
  const stored = new Map<string, number[]>();
  for (const row of checkouts) {
    if (row.check_id) stored.set(row.check_id, [...(stored.get(row.check_id) ?? []), Number(row.id)]);
  }
  const numbersOf = new Map<number, string[]>();
  for (const document of documents) {
    const id = Number(document.checkout_id);
    numbersOf.set(id, [...(numbersOf.get(id) ?? []), document.number]);
  }

  const lost = load.acknowledged.filter((a) => (stored.get(a.checkId) ?? []).length === 0);
  const twice = [...stored].filter(([, ids]) => ids.length > 1);
  const wrongNumber = load.acknowledged.filter((a) => {
    const numbers = numbersOf.get(a.id) ?? [];
    return numbers.length !== 1 || (a.number !== undefined && numbers[0] !== a.number);
  });
  const unnumbered = checkouts.filter((row) => (numbersOf.get(Number(row.id)) ?? []).length !== 1);

  // Per month 1..N; and the months never go back in the order of issue.
  const series = new Map<string, number[]>();
  let monthsBackwards = 0;
  let lastMonth = '';
  for (const { number, month } of documents) {
    const sequence = Number(/-(\d+)$/.exec(number)?.[1]);
    const key = number.slice(0, number.lastIndexOf('-'));
    series.set(key, [...(series.get(key) ?? []), sequence]);
    if (month < lastMonth) monthsBackwards++;
    if (month > lastMonth) lastMonth = month;
  }
  const gaps: string[] = [];
  for (const [key, sequences] of series) {
    const sorted = [...sequences].sort((x, y) => x - y);
    if (sorted.some((value, i) => value !== i + 1)) gaps.push(`${key}: ${sorted.join(',')}`);
  }

  // The chain's order is its seq; its times must follow it. Two app servers stamp and commit side by side, so
  // one event may trail the one before by the moments between its stamp and its commit: a minute is a step.
  const events = await rowsOf<{ seq: number; at: string }>(
    databaseUrl,
    'select seq, at from audit_events order by seq',
  );
  let latest = 0;
  let chainBackwards = 0;
  for (const event of events) {
    const at = Date.parse(event.at);
    if (at < latest - 60_000) chainBackwards++;
    latest = Math.max(latest, at);
  }

  const fiveHundreds = load.sends.filter((send) => send.status >= 500 && send.status !== 503);
  const without = load.sends.filter((send) => send.status === 503 && !send.retryAfter);
  const lines: string[] = [];
  const verified = await runAuditVerify(databaseUrl, (line) => lines.push(line));

  const row: FaultRow = {
    ...figures,
    acknowledged: load.acknowledged.length,
    lost: lost.length,
    numbers: [
      gaps.length === 0
        ? `1..${documents.length} in ${series.size} month${series.size === 1 ? '' : 's'}`
        : `gaps or repeats: ${gaps.join('; ')}`,
      ...(monthsBackwards ? [`${monthsBackwards} issued into an earlier month`] : []),
      ...(chainBackwards ? [`${chainBackwards} audit events over a minute behind the chain`] : []),
    ].join(', '),
    fiveHundreds: fiveHundreds.length,
    served503: load.sends.filter((send) => send.status === 503).length,
  };
  fs.mkdirSync(path.dirname(tableFile), { recursive: true });
  fs.appendFileSync(tableFile, `${JSON.stringify(row)}\n`);
  console.log(`[fault] ${JSON.stringify(row)}`);

  expect(lost, 'acknowledged checkouts not stored').toEqual([]);
  expect(twice, 'a checkId stored twice').toEqual([]);
  expect(wrongNumber, 'acknowledged checkouts without the one number they were answered').toEqual([]);
  expect(unnumbered.length, 'stored checkouts without exactly one tax document').toBe(0);
  expect(gaps, 'document numbers with a gap or a repeat').toEqual([]);
  expect(monthsBackwards, 'documents issued into a month before one already issued').toBe(0);
  expect(chainBackwards, 'audit events stamped before the events before them in the chain').toBe(0);
  expect(
    fiveHundreds.map((send) => `${send.status} ${send.body.slice(0, 200)}`),
    'answers of 500 or more that are not 503',
  ).toEqual([]);
  expect(without.length, '503 without Retry-After').toBe(0);
  expect(verified, lines.join('\n')).toBe(0);
  return row;
}
