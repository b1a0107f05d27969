import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseAt001 } from '../../../tests/support/database-at-001';
import { seller } from '../../../tests/support/tax-parties';
import { testDialects } from '../../../tests/support/test-app';
import { migrateToLatest, migrateUpTo } from './migrate';

/**
 * Migration 026 on an install that issued tax documents before documents kept their seller block: each gets the
 * best block known, the seller in the settings with the VAT rate the document stored.
 */
describe.each(testDialects)('migration 026 on an existing install [%s]', (dialect) => {
  it('documents issued before it take the stored settings’ seller with their own VAT rate', async () => {
    const { db, drop } = await databaseAt001(dialect);
    try {
      await migrateUpTo(db, '023-tax-documents-keyed-by-number');
      const tax = {
        ...seller,
        branch: '00001',
        posId: 'E05',
        vatRate: 700,
        abbPrefix: 'ABB',
        invoicePrefix: 'INV',
      };
      await sql`insert into settings (key, value) values ('resort', ${JSON.stringify({ tax, timeZone: 'Asia/Bangkok' })})`.execute(
        db.kysely,
      );
      for (const [number, rate] of [
        ['ABB2611-00001', 700],
        ['ABB2611-00002', 0],
      ] as const) {
        await sql`insert into tax_documents (number, type, checkout_id, month, issued_at, status, total, vat, net,
          vat_rate) values (${number}, 'abb', 1, '2026-11', '2026-11-10T02:00:00.000Z', 'issued', 100, 0, 10000,
          ${rate})`.execute(db.kysely);
      }
      await migrateToLatest(db);
      const rows = await db.kysely
        .selectFrom('tax_documents')
        .select(['number', 'seller', 'held_until'])
        .orderBy('number')
        .execute();
      const block = {
        sellerName: seller.sellerName,
        address: seller.address,
        taxId: seller.taxId,
        branch: '00001',
        posId: 'E05',
      };
      expect(rows.map((row) => [row.number, JSON.parse(row.seller ?? 'null'), row.held_until])).toEqual([
        ['ABB2611-00001', { ...block, vatRate: 700 }, null],
        ['ABB2611-00002', { ...block, vatRate: 0 }, null],
      ]);
    } finally {
      await drop();
    }
  });
});
