import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import type { ServerProcess } from '../support/server-process';

export const json = { 'content-type': 'application/json' };
export const checkoutBody = (bungalow: number, drinkId = 1) =>
  JSON.stringify({ bungalow, items: [{ drinkId, missing: 1 }] });

/** Logs in as admin and makes sure a guest exists, so checkouts can be recorded. */
export async function prepareForCheckouts(server: ServerProcess): Promise<string> {
  const login = await fetch(`${server.baseURL}/api/session`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ password: server.adminPassword }),
  });
  if (login.status !== 204) throw new Error(`login answered ${login.status}`);
  const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const guest = await fetch(`${server.baseURL}/api/guest`, {
    method: 'PUT',
    headers: { ...json, cookie },
    body: JSON.stringify({ name: 'Load Guest', email: 'load@example.com' }),
  });
  if (guest.status !== 200) throw new Error(`saving the guest answered ${guest.status}`);
  return cookie;
}

export interface CheckoutAudit {
  ids: Set<number>;
  /** Checkouts without lines or whose lines do not add up to the total. */
  halfWritten: number;
  orphanLines: number;
  integrity?: string;
}

const auditQuery = `select c.id, c.total, count(l.id) as lines, coalesce(sum(l.line_total), 0) as sum
  from checkouts c left join checkout_lines l on l.checkout_id = c.id group by c.id, c.total`;
const orphanQuery =
  'select count(*) as n from checkout_lines where checkout_id not in (select id from checkouts)';

/** Reads the stored checkouts straight from the database, as an auditor would. */
export async function auditCheckouts(databaseUrl: string): Promise<CheckoutAudit> {
  type Row = { id: number; total: number; lines: number; sum: number };
  const judge = (rows: Row[], orphans: number, integrity?: string): CheckoutAudit => ({
    ids: new Set(rows.map((row) => Number(row.id))),
    halfWritten: rows.filter((row) => Number(row.lines) === 0 || Number(row.sum) !== Number(row.total))
      .length,
    orphanLines: orphans,
    ...(integrity ? { integrity } : {}),
  });
  if (databaseUrl.startsWith('sqlite:')) {
    const db = new SqliteDatabase(databaseUrl.slice('sqlite:'.length), { fileMustExist: true });
    try {
      const integrity = String(db.pragma('integrity_check', { simple: true }));
      const rows = db.prepare(auditQuery).all() as Row[];
      const orphans = (db.prepare(orphanQuery).get() as { n: number }).n;
      return judge(rows, orphans, integrity);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const rows = (await client.query<Row>(auditQuery)).rows;
    const orphans = Number((await client.query<{ n: string }>(orphanQuery)).rows[0]?.n);
    return judge(rows, orphans);
  } finally {
    await client.end();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
