import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator } from 'kysely';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { postgresUrl, testDialects } from '../../../tests/support/test-app';
import { createConsumptionRepo } from '../routes/consumption/consumption.repo';
import { createRestockRepo } from '../routes/restock/restock.repo';
import { type Db, type DialectName, openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { initialMigration } from './migrations/001-initial';

/** A database at migration 001 only, as an install from before the staff tools. */
async function databaseAt001(dialect: DialectName): Promise<{ db: Db; drop: () => Promise<void> }> {
  let db: Db;
  let drop: () => Promise<void>;
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fridge-migration-'));
    db = openDatabase(`sqlite:${path.join(dir, 'old.sqlite')}`);
    drop = async () => {
      await db.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  } else {
    const schema = `fc_mig_${randomBytes(5).toString('hex')}`;
    const url = postgresUrl ?? '';
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    db = openDatabase(url, { schema, poolSize: 2 });
    drop = async () => {
      await db.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop schema ${schema} cascade`);
      await cleanup.end();
    };
  }
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async () => ({ '001-initial': initialMigration(dialect) }) },
    ...(db.schema ? { migrationTableSchema: db.schema } : {}),
  });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  return { db, drop };
}

describe.each(testDialects)('migration 002 on an existing database [%s]', (dialect) => {
  it('counts the checkouts recorded before it in the restock list and the consumption', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      const today = new Date().toISOString().slice(0, 10);
      const add = async (bungalow: number, createdAt: string, lines: [string, number, number][]) => {
        const { id } = await db.kysely
          .insertInto('checkouts')
          .values({
            bungalow,
            created_at: createdAt,
            guest_name: 'Old Guest',
            total: lines.reduce((sum, [, q, p]) => sum + q * p, 0),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await db.kysely
          .insertInto('checkout_lines')
          .values(
            lines.map(([name, quantity, price]) => ({
              checkout_id: id,
              drink_id: 1,
              drink_name: name,
              quantity,
              unit_price: price,
              line_total: quantity * price,
            })),
          )
          .execute();
      };
      await add(2, `${today}T01:00:00.000Z`, [['Coke', 2, 40]]);
      await add(2, `${today}T02:00:00.000Z`, [
        ['Coke', 1, 40],
        ['Chang', 1, 80],
      ]);
      await add(6, '2020-01-01T10:00:00.000Z', [['Wine', 1, 450]]);

      await migrateToLatest(db);

      const restock = await createRestockRepo(db).list();
      expect(restock.bungalows.map((b) => [b.bungalow, b.items, b.lastRestockedAt])).toEqual([
        [
          2,
          [
            { drinkName: 'Chang', units: 1 },
            { drinkName: 'Coke', units: 3 },
          ],
          null,
        ],
        [6, [{ drinkName: 'Wine', units: 1 }], null],
      ]);
      const week = await createConsumptionRepo(db).period(7, Date.now());
      expect(week.total).toEqual({ units: 4, thb: 200 });
      const old = await db.kysely.selectFrom('checkouts').select(['voided_at', 'void_reason']).execute();
      expect(old.every((row) => row.voided_at === null && row.void_reason === null)).toBe(true);
    } finally {
      await drop();
    }
  });
});
