import { type Kysely, type Migration, sql } from 'kysely';
import { quarterHourSql } from './005-stays-and-checks';

/**
 * What a bottle costs (issue 26; DESIGN.md, "Cost and margin", "What to buy", "Expiry"). The margin and the
 * buy list read running figures, never the ledger or the checkouts (docs/decisions/085):
 *
 * - `stock_sales_quarter`: per UTC quarter hour of the checkout's recording and drink id, what live checkouts
 *   sold: units, baht, the known cost of their bottles (satang, the average cost of each sale's moment) and
 *   how many of those units had a cost (`costed`; the rest take the drink's first delivery's cost when read).
 *   Kept in the checkout's, revision's and void's transaction beside the consumption totals, with stock on or
 *   off, so its units and baht are the history's.
 * - `stock_losses_quarter`: per UTC quarter hour of the document, drink and kind (a write-off's reason, or
 *   `count`), the bottles lost at their cost; a count that found bottles adds a negative quantity and cost.
 *   Written by the ledger's writer with the write-off's or count's moves.
 * - `stock_lots`: the storeroom's dated bottles per drink and expiry day; bottles leave earliest first.
 * - An index of the ledger by document: a void takes its checkout's sale moves (their cost) out of the sales.
 *
 * Checkouts recorded before this migration are counted into the sales figures without a cost (they were sold
 * before stock, or in an install that tried stock before issue 26): they take the first delivery's cost.
 */
export function stockCostsMigration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await sql`create table stock_sales_quarter (
        bucket text not null,
        drink_id integer not null,
        units integer not null,
        thb integer not null,
        cost integer not null,
        costed integer not null,
        primary key (bucket, drink_id)
      )`.execute(db);
      await sql`create table stock_losses_quarter (
        bucket text not null,
        drink_id integer not null,
        kind text not null,
        quantity integer not null,
        cost integer not null,
        costed integer not null,
        primary key (bucket, drink_id, kind)
      )`.execute(db);
      await sql`create table stock_lots (
        drink_id integer not null,
        expires_on text not null,
        quantity integer not null check (quantity > 0),
        primary key (drink_id, expires_on)
      )`.execute(db);
      await sql`create index stock_moves_document_idx on stock_moves (document_id, document_type)`.execute(
        db,
      );

      await sql`insert into stock_sales_quarter (bucket, drink_id, units, thb, cost, costed)
        select ${quarterHourSql('c.created_at')}, l.drink_id, sum(l.quantity), sum(l.line_total), 0, 0
        from checkout_lines l join checkouts c on c.id = l.checkout_id
        where c.voided_at is null
        group by ${quarterHourSql('c.created_at')}, l.drink_id`.execute(db);
    },
  };
}
