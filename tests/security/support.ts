import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Db } from '../../src/server/db/database';
import type { TestApp } from '../support/test-app';

/** The tables a request could change on purpose; sessions and login attempts are bookkeeping. */
const contentTables = [
  'Drinks',
  'Guest',
  'checkouts',
  'checkout_lines',
  'checkout_payments',
  'restocks',
  'settings',
  'staff',
  'devices',
] as const;

/** Every row of every content table, in a fixed order: equal dumps mean nothing was written. */
export async function dumpContent(db: Db): Promise<Record<string, unknown[]>> {
  const dump: Record<string, unknown[]> = {};
  for (const table of contentTables) {
    const order = table === 'settings' ? 'key' : 'id';
    // biome-ignore lint/suspicious/noExplicitAny: the table name comes from the fixed list above
    dump[table] = await (db.kysely as any).selectFrom(table).selectAll().orderBy(order).execute();
  }
  return dump;
}

export async function contentDigest(db: Db): Promise<string> {
  return createHash('sha256')
    .update(JSON.stringify(await dumpContent(db)))
    .digest('hex');
}

export async function countRows(db: Db, table: (typeof contentTables)[number]): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db.kysely);
  return Number(rows[0]?.n);
}

/** Nothing a client receives may reveal how the server is built. */
export function expectNoLeak(body: string, context: string) {
  expect(body, context).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+|\.js:\d+/);
  expect(body, context).not.toMatch(
    /\b(select|insert|update|delete)\b[^"]*\b(from|into|set)\b|sqlite|postgres|syntax error|constraint/i,
  );
}

export async function setGuest(
  t: TestApp,
  cookie: string,
  guest = { name: 'Ann Guest', email: 'ann@example.com' },
) {
  const response = await t.request('PUT', '/api/guest', { cookie, body: guest });
  if (response.status !== 200) throw new Error(`could not set the guest: ${response.status}`);
  return response.json();
}
