import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { genesisHash } from '../../src/server/audit/audit-log';
import { canonicalJson } from '../../src/server/audit/canonical-json';
import { type Db, type DialectName, openDatabase } from '../../src/server/db/database';
import { migrateUpTo } from '../../src/server/db/migrate';
import { createScratchSchema, onServer } from './scratch-schema';
import { postgresUrl } from './test-app';

/**
 * A database as a resort that ran every release in turn would have it at migration N: each release's
 * migration, then rows that release wrote, through SQL in that release's shape (tests/support/database-at-001.ts
 * is the same for 001 alone). The migrations are read from their folder, so one added later is an upgrade step
 * here too, with the data of the releases before it.
 */

export const migrationsFolder = path.resolve('src/server/db/migrations');

/** Every migration's name, in the order they run ("001-initial", …). */
export function migrationNames(): string[] {
  return fs
    .readdirSync(migrationsFolder)
    .filter((file) => /^\d{3}-.+\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .map((file) => file.replace(/\.ts$/, ''))
    .sort();
}

type K = Kysely<unknown>;

/** What the era data adds up to, for the checks after the upgrade. */
export interface EraData {
  checkouts: { bungalow: number; total: number }[];
  guestName: string;
  drinks: number;
  /** Audit events written by the releases with the trail (007 on), besides what 007 carried over. */
  auditEvents: number;
}

const drinks = [
  { drinkName: 'Coke', startingQuantity: 4, price: 40 },
  { drinkName: 'Chang', startingQuantity: 4, price: 80 },
  { drinkName: 'Water', startingQuantity: 6, price: 20 },
] as const;

async function tableExists(k: K, dialect: DialectName, table: string): Promise<boolean> {
  const query =
    dialect === 'sqlite'
      ? sql<{ n: number }>`select count(*) as n from sqlite_master where type = 'table' and name = ${table}`
      : sql<{ n: number }>`select count(*)::int as n from information_schema.tables
          where table_schema = current_schema() and table_name = ${table}`;
  return Number((await query.execute(k)).rows[0]?.n) > 0;
}

/**
 * One checkout as the release of its time recorded it: the row and its lines, the running totals that release
 * kept (the restock list from 002, the daily then quarter-hour consumption), and from 007 on its audit event.
 */
async function writeCheckout(
  k: K,
  dialect: DialectName,
  data: EraData,
  checkout: { bungalow: number; at: string; items: [number, number][] },
) {
  const lines = checkout.items.map(([index, quantity]) => {
    const drink = drinks[index] ?? drinks[0];
    return {
      drinkId: index + 1,
      drinkName: drink.drinkName,
      quantity,
      unitPrice: drink.price,
      lineTotal: drink.price * quantity,
    };
  });
  const total = lines.reduce((sum, line) => sum + line.lineTotal, 0);
  const inserted = await sql<{ id: number }>`insert into checkouts (bungalow, created_at, guest_name, total)
    values (${checkout.bungalow}, ${checkout.at}, ${data.guestName}, ${total}) returning id`.execute(k);
  const id = Number(inserted.rows[0]?.id);
  for (const line of lines) {
    await sql`insert into checkout_lines (checkout_id, drink_id, drink_name, quantity, unit_price, line_total)
      values (${id}, ${line.drinkId}, ${line.drinkName}, ${line.quantity}, ${line.unitPrice}, ${line.lineTotal})`.execute(
      k,
    );
    if (await tableExists(k, dialect, 'restock_pending')) {
      await sql`insert into restock_pending (bungalow, drink_name, units)
        values (${checkout.bungalow}, ${line.drinkName}, ${line.quantity})
        on conflict (bungalow, drink_name) do update set units = restock_pending.units + excluded.units`.execute(
        k,
      );
    }
    if (await tableExists(k, dialect, 'consumption_daily')) {
      await sql`insert into consumption_daily (day, drink_name, units, thb)
        values (${checkout.at.slice(0, 10)}, ${line.drinkName}, ${line.quantity}, ${line.lineTotal})
        on conflict (day, drink_name) do update set units = consumption_daily.units + excluded.units,
          thb = consumption_daily.thb + excluded.thb`.execute(k);
    }
    if (await tableExists(k, dialect, 'consumption_quarter')) {
      const minute = Number(checkout.at.slice(14, 16));
      const bucket = `${checkout.at.slice(0, 14)}${String(minute - (minute % 15)).padStart(2, '0')}`;
      await sql`insert into consumption_quarter (bucket, drink_name, units, thb)
        values (${bucket}, ${line.drinkName}, ${line.quantity}, ${line.lineTotal})
        on conflict (bucket, drink_name) do update set units = consumption_quarter.units + excluded.units,
          thb = consumption_quarter.thb + excluded.thb`.execute(k);
    }
  }
  data.checkouts.push({ bungalow: checkout.bungalow, total });
  if (await tableExists(k, dialect, 'audit_events')) {
    await appendEvent(k, dialect, {
      at: checkout.at,
      actor: { id: null, name: 'guest', role: 'guest', device: null },
      action: 'checkout.recorded',
      subject: { type: 'checkout', id: String(id) },
      details: { bungalow: checkout.bungalow, total, lines },
    });
    data.auditEvents++;
  }
  return id;
}

interface EraEvent {
  at: string;
  actor: { id: number | null; name: string; role: string; device: { id: number; name: string } | null };
  action: string;
  subject: { type: string; id: string | null };
  details: Record<string, unknown>;
}

/**
 * An audit event as the release of its time appended it: hashed here over the canonical JSON (007 to 010, and
 * SQLite always), or left to PostgreSQL's trigger at the commit through `audit_pending` (011 on).
 */
async function appendEvent(k: K, dialect: DialectName, event: EraEvent) {
  const row = [
    event.at,
    event.actor.id,
    event.actor.name,
    event.actor.role,
    event.actor.device?.id ?? null,
    event.actor.device?.name ?? null,
    event.action,
    event.subject.type,
    event.subject.id,
    canonicalJson(event.details),
  ] as const;
  if (dialect === 'postgres' && (await tableExists(k, dialect, 'audit_pending'))) {
    const full = canonicalJson({ ...event, seq: 0 });
    const [before, after] = full.split('"seq":0');
    await k.transaction().execute(async (trx) => {
      await sql`insert into audit_pending
          (at, actor_id, actor_name, actor_role, device_id, device_name, action, subject_type, subject_id, details,
           json_before_seq, json_after_seq)
        values (${row[0]}, ${row[1]}, ${row[2]}, ${row[3]}, ${row[4]}, ${row[5]}, ${row[6]}, ${row[7]}, ${row[8]},
          ${row[9]}, ${`${before}"seq":`}, ${after})`.execute(trx);
    });
    return;
  }
  await k.transaction().execute(async (trx) => {
    const head = (
      await sql<{ seq: number; hash: string }>`select seq, hash from audit_head where id = 1`.execute(trx)
    ).rows[0] ?? { seq: 0, hash: genesisHash };
    const seq = Number(head.seq) + 1;
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(head.hash + canonicalJson({ ...event, seq }))
      .digest('hex');
    await sql`insert into audit_events
        (seq, at, actor_id, actor_name, actor_role, device_id, device_name, action, subject_type, subject_id, details, hash)
      values (${seq}, ${row[0]}, ${row[1]}, ${row[2]}, ${row[3]}, ${row[4]}, ${row[5]}, ${row[6]}, ${row[7]},
        ${row[8]}, ${row[9]}, ${hash})`.execute(trx);
    await sql`update audit_head set seq = ${seq}, hash = ${hash} where id = 1`.execute(trx);
  });
}

/** Day `n` of the resort's history, at a time of day: the releases follow one another a day apart. */
const dayAt = (n: number, time: string) =>
  `${new Date(Date.UTC(2025, 0, 1 + n)).toISOString().slice(0, 10)}T${time}.000Z`;

/**
 * What each release wrote while it was the newest, keyed by the migration it came with. A migration with no
 * entry (one added after this file) still gets the data of every release before it.
 */
const eraWriters: Record<string, (k: K, dialect: DialectName, data: EraData, day: number) => Promise<void>> =
  {
    '001-initial': async (k, dialect, data, day) => {
      for (const drink of drinks) {
        await sql`insert into "Drinks" ("drinkName", "startingQuantity", price)
        values (${drink.drinkName}, ${drink.startingQuantity}, ${drink.price})`.execute(k);
      }
      data.drinks = drinks.length;
      await sql`insert into "Guest" (name, email) values (${data.guestName}, 'ann@example.com')`.execute(k);
      await writeCheckout(k, dialect, data, { bungalow: 3, at: dayAt(day, '04:10:00'), items: [[0, 2]] });
      await writeCheckout(k, dialect, data, {
        bungalow: 5,
        at: dayAt(day, '05:20:00'),
        items: [
          [1, 1],
          [2, 3],
        ],
      });
    },
    '002-staff-tools': async (k, dialect, data, day) => {
      const id = await writeCheckout(k, dialect, data, {
        bungalow: 7,
        at: dayAt(day, '03:00:00'),
        items: [[2, 1]],
      });
      await sql`update checkouts set voided_at = ${dayAt(day, '03:30:00')}, void_reason = 'Entered twice' where id = ${id}`.execute(
        k,
      );
      data.checkouts.pop();
      await sql`insert into restocks (bungalow, restocked_at) values (3, ${dayAt(day, '06:00:00')})`.execute(
        k,
      );
      await sql`delete from restock_pending where bungalow = 3`.execute(k);
    },
    '005-stays-and-checks': async (k, dialect, data, day) => {
      const stay = await sql<{
        id: number;
      }>`insert into stays (bungalow, guest_name, guest_email, checked_in_at)
      values (9, 'Ben', 'ben@example.com', ${dayAt(day, '02:00:00')}) returning id`.execute(k);
      const id = await writeCheckout(k, dialect, data, {
        bungalow: 9,
        at: dayAt(day, '04:00:00'),
        items: [[0, 1]],
      });
      await sql`update checkouts set stay_id = ${Number(stay.rows[0]?.id)}, check_id = ${`check-${day}`},
      revised_at = ${dayAt(day, '04:05:00')} where id = ${id}`.execute(k);
      await sql`insert into checkout_revisions (checkout_id, bungalow, recorded_at, replaced_at, total, lines)
      values (${id}, 9, ${dayAt(day, '04:00:00')}, ${dayAt(day, '04:05:00')}, 80,
        ${JSON.stringify([{ drinkId: 1, drinkName: 'Coke', quantity: 2, unitPrice: 40, lineTotal: 80 }])})`.execute(
        k,
      );
    },
    '006-payments': async (k, dialect, data, day) => {
      const id = await writeCheckout(k, dialect, data, {
        bungalow: 11,
        at: dayAt(day, '05:00:00'),
        items: [[1, 2]],
      });
      await sql`update checkouts set paid_method = 'cash', paid_at = ${dayAt(day, '05:10:00')},
      paid_by = 'admin session 1a2b3c4d' where id = ${id}`.execute(k);
      await sql`insert into checkout_payments (checkout_id, method, recorded_at, recorded_by)
      values (${id}, 'cash', ${dayAt(day, '05:10:00')}, 'admin session 1a2b3c4d')`.execute(k);
    },
    '007-audit': async (k, dialect, data, day) => {
      await writeCheckout(k, dialect, data, {
        bungalow: 12,
        at: dayAt(day, '04:45:00'),
        items: [
          [0, 1],
          [2, 1],
        ],
      });
    },
    '008-team': async (k, dialect, data, day) => {
      const at = dayAt(day, '01:00:00');
      await sql`insert into staff (name, name_key, role, pin_hash, created_at, updated_at)
      values ('Noi', 'noi', 'desk', 'scrypt$placeholder', ${at}, ${at})`.execute(k);
      await appendEvent(k, dialect, {
        at,
        actor: { id: null, name: 'Owner', role: 'owner', device: null },
        action: 'staff.created',
        subject: { type: 'staff', id: '1' },
        details: { name: 'Noi', role: 'desk' },
      });
      data.auditEvents++;
      await writeCheckout(k, dialect, data, { bungalow: 14, at: dayAt(day, '04:00:00'), items: [[1, 1]] });
    },
    '009-days': async (k, dialect, data, day) => {
      const at = dayAt(day, '15:00:00');
      const figures = { checkouts: 1, total: 80, byMethod: { cash: 80 } };
      await sql`insert into day_closes (day, figures, counted_cash, difference, closed_at, closed_by)
      values (${at.slice(0, 10)}, ${JSON.stringify(figures)}, 80, 0, ${at}, 'Owner')`.execute(k);
      await appendEvent(k, dialect, {
        at,
        actor: { id: null, name: 'Owner', role: 'owner', device: null },
        action: 'day.closed',
        subject: { type: 'day', id: at.slice(0, 10) },
        details: { countedCash: 80, difference: 0 },
      });
      data.auditEvents++;
    },
    '010-check-requests': async (k, dialect, data, day) => {
      await sql`insert into check_requests (bungalow, requested_at, requested_by)
      values (16, ${dayAt(day, '03:00:00')}, 'Noi')`.execute(k);
      await writeCheckout(k, dialect, data, { bungalow: 15, at: dayAt(day, '04:00:00'), items: [[2, 2]] });
    },
    '011-audit-at-commit': async (k, dialect, data, day) => {
      await writeCheckout(k, dialect, data, { bungalow: 17, at: dayAt(day, '04:00:00'), items: [[0, 1]] });
    },
    '013-webhooks': async (k, dialect, data, day) => {
      await sql`insert into webhook_endpoints (url, events, secret, cursor, created_at)
      values ('https://pms.resort.lan/hooks', '["checkout.recorded"]', 'whsec_dGVzdHNlY3JldHRlc3RzZWNyZXQ=', 0,
        ${dayAt(day, '01:00:00')})`.execute(k);
      await writeCheckout(k, dialect, data, { bungalow: 18, at: dayAt(day, '04:00:00'), items: [[1, 1]] });
    },
  };

export interface DatabaseAt {
  db: Db;
  /**
   * The URL a server or `npm run audit:verify` would be given (PostgreSQL: a database of its own, or its
   * schema in `options`).
   */
  url: string;
  data: EraData;
  drop(): Promise<void>;
}

/** An empty database of its own: a file in a temporary folder, or a PostgreSQL schema. */
async function emptyDatabase(dialect: DialectName): Promise<Omit<DatabaseAt, 'data'>> {
  if (dialect === 'sqlite') return sqliteFile(fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-upgrade-')));
  const base = postgresUrl ?? '';
  const scratch = await createScratchSchema(base, 'fc_up');
  const db = openDatabase(base, { schema: scratch.schema, poolSize: 2 });
  const withSchema = new URL(base);
  withSchema.searchParams.set('options', `-c search_path=${scratch.schema}`);
  return {
    db,
    url: withSchema.toString(),
    drop: async () => {
      await db.close().catch(() => {});
      await scratch.drop();
    },
  };
}

/** `fridge.sqlite` in `dir`, which goes with it. */
function sqliteFile(dir: string): Omit<DatabaseAt, 'data'> {
  const url = `sqlite:${path.join(dir, 'fridge.sqlite')}`;
  const db = openDatabase(url);
  return {
    db,
    url,
    drop: async () => {
      await db.close().catch(() => {});
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const newEraData = (): EraData => ({ checkouts: [], guestName: 'Ann', drinks: 0, auditEvents: 0 });

/** The releases after index `from` (-1: none yet) up to index `to`: each one's migration, then its data. */
async function runReleases(
  db: Db,
  dialect: DialectName,
  data: EraData,
  names: string[],
  from: number,
  to: number,
) {
  const k = db.kysely as unknown as K;
  for (let index = from + 1; index <= to; index++) {
    const name = names[index] ?? '';
    await migrateUpTo(db, name);
    // Ten days between releases, counted from the first, wherever a build starts.
    await eraWriters[name]?.(k, dialect, data, index * 10);
  }
}

function indexOf(names: string[], last: string): number {
  const index = names.indexOf(last);
  if (index < 0) throw new Error(`No migration named ${last} in ${migrationsFolder}`);
  return index;
}

/** A database made by every release up to and including migration `last`, with each release's data. */
export async function databaseAt(dialect: DialectName, last: string): Promise<DatabaseAt> {
  const names = migrationNames();
  const made = await emptyDatabase(dialect);
  const data = newEraData();
  await runReleases(made.db, dialect, data, names, -1, indexOf(names, last));
  return { ...made, data };
}

/**
 * The releases run once, in order, for a test that wants a database at every one of them: `at(last)` takes
 * the one chain on to `last` and hands out a copy of it as it stands there. Building them one by one would
 * run N²/2 migrations for N releases; the chain runs N, and makes N copies. Asked for a release the chain
 * has passed (cases run out of order), it starts again from the first.
 */
export interface ReleaseChain {
  at(last: string): Promise<DatabaseAt>;
  close(): Promise<void>;
}

/** A database being built release by release, and how to copy it as it stands. */
interface ChainDatabase {
  readonly db: Db;
  copy(): Promise<Omit<DatabaseAt, 'data'>>;
  drop(): Promise<void>;
}

export function releaseChain(dialect: DialectName): ReleaseChain {
  const names = migrationNames();
  let chain: { database: ChainDatabase; data: EraData; done: number } | undefined;
  let copies: Promise<boolean> | undefined;
  return {
    async at(last) {
      copies ??= dialect === 'sqlite' ? Promise.resolve(true) : mayCreateDatabases();
      if (!(await copies)) return databaseAt(dialect, last);
      const target = indexOf(names, last);
      if (chain && chain.done > target) {
        await chain.database.drop();
        chain = undefined;
      }
      chain ??= {
        database: dialect === 'sqlite' ? sqliteChain() : await postgresChain(),
        data: newEraData(),
        done: -1,
      };
      try {
        await runReleases(chain.database.db, dialect, chain.data, names, chain.done, target);
      } catch (error) {
        // Stopped part way through a release, the chain is no release's database: the next case starts over.
        await chain.database.drop();
        chain = undefined;
        throw error;
      }
      chain.done = target;
      return { ...(await chain.database.copy()), data: structuredClone(chain.data) };
    },
    async close() {
      await chain?.database.drop();
    },
  };
}

/** SQLite: the copy is the file's pages as they stand (`serialize`, the write-ahead log's included). */
function sqliteChain(): ChainDatabase {
  const chain = sqliteFile(fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-upgrade-')));
  return {
    db: chain.db,
    async copy() {
      if (!chain.db.sqlite) throw new Error('Not a SQLite database');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-upgrade-'));
      fs.writeFileSync(path.join(dir, 'fridge.sqlite'), chain.db.sqlite.serialize());
      return sqliteFile(dir);
    },
    drop: chain.drop,
  };
}

/**
 * PostgreSQL: the chain is a database of its own, as an install has, and each copy is `CREATE DATABASE ...
 * TEMPLATE` of it, the server copying its files: 0.05 to 0.15 s on a quiet machine, where pg_dump and loading
 * its script into a schema took 0.5 s (the script's DDL costs what the migrations did: a schema's copy is no
 * cheaper than building it). The template may have no session open while it is copied.
 */
async function postgresChain(): Promise<ChainDatabase> {
  const name = await createDatabase();
  let db = openDatabase(databaseUrl(name), { poolSize: 2 });
  return {
    get db() {
      return db;
    },
    async copy() {
      await db.close();
      const copy = await createDatabase(name);
      db = openDatabase(databaseUrl(name), { poolSize: 2 });
      const copyDb = openDatabase(databaseUrl(copy), { poolSize: 2 });
      return {
        db: copyDb,
        url: databaseUrl(copy),
        drop: async () => {
          await copyDb.close().catch(() => {});
          await dropDatabase(copy);
        },
      };
    },
    async drop() {
      await db.close().catch(() => {});
      await dropDatabase(name);
    },
  };
}

/** Named `fc_up_` and a random suffix, for whoever finds one left behind by a run that was killed. */
async function createDatabase(template?: string): Promise<string> {
  const name = `fc_up_${randomBytes(6).toString('hex')}`;
  await onServer(postgresUrl ?? '', `create database ${name}${template ? ` template ${template}` : ''}`);
  return name;
}

/** Forced: a session a failed case left open (the app's listener) does not keep it. */
const dropDatabase = (name: string) =>
  onServer(postgresUrl ?? '', `drop database if exists ${name} with (force)`);

function databaseUrl(name: string): string {
  const url = new URL(postgresUrl ?? '');
  url.pathname = `/${name}`;
  return url.toString();
}

/** Without the right to create databases (CI's login has it) each release's database is built as before. */
async function mayCreateDatabases(): Promise<boolean> {
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ may: boolean }>(
      'select rolsuper or rolcreatedb as may from pg_roles where rolname = current_user',
    );
    return rows[0]?.may === true;
  } finally {
    await client.end();
  }
}
