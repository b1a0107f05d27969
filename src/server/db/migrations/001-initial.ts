import type { ColumnDefinitionBuilder, Kysely, Migration } from 'kysely';
import type { DialectName } from '../database';

/** IF NOT EXISTS throughout: an existing Supabase project's "Drinks" and "Guest" are used as they are. */
export function initialMigration(dialect: DialectName): Migration {
  const id = (col: ColumnDefinitionBuilder) =>
    dialect === 'sqlite' ? col.primaryKey().autoIncrement() : col.primaryKey().generatedByDefaultAsIdentity();
  const bigint = dialect === 'sqlite' ? 'integer' : 'bigint';

  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('Drinks')
        .ifNotExists()
        .addColumn('id', 'integer', id)
        .addColumn('drinkName', 'text', (col) => col.notNull())
        .addColumn('startingQuantity', 'integer', (col) => col.notNull())
        .addColumn('price', 'integer', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('Guest')
        .ifNotExists()
        .addColumn('id', 'integer', id)
        .addColumn('name', 'text', (col) => col.notNull())
        .addColumn('email', 'text', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('checkouts')
        .ifNotExists()
        .addColumn('id', 'integer', id)
        .addColumn('bungalow', 'integer', (col) => col.notNull())
        .addColumn('created_at', 'text', (col) => col.notNull())
        .addColumn('guest_name', 'text', (col) => col.notNull())
        .addColumn('total', 'integer', (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('checkout_lines')
        .ifNotExists()
        .addColumn('id', 'integer', id)
        .addColumn('checkout_id', 'integer', (col) =>
          col.notNull().references('checkouts.id').onDelete('cascade'),
        )
        // No foreign key to "Drinks": deleting a drink must not erase what a guest was charged for it.
        .addColumn('drink_id', 'integer', (col) => col.notNull())
        .addColumn('drink_name', 'text', (col) => col.notNull())
        .addColumn('quantity', 'integer', (col) => col.notNull())
        .addColumn('unit_price', 'integer', (col) => col.notNull())
        .addColumn('line_total', 'integer', (col) => col.notNull())
        .execute();

      await db.schema
        .createIndex('checkouts_created_at_idx')
        .ifNotExists()
        .on('checkouts')
        .column('created_at')
        .execute();
      await db.schema
        .createIndex('checkouts_bungalow_created_at_idx')
        .ifNotExists()
        .on('checkouts')
        .columns(['bungalow', 'created_at'])
        .execute();
      await db.schema
        .createIndex('checkout_lines_checkout_id_idx')
        .ifNotExists()
        .on('checkout_lines')
        .column('checkout_id')
        .execute();

      await db.schema
        .createTable('admin_sessions')
        .ifNotExists()
        .addColumn('token_hash', 'text', (col) => col.primaryKey())
        .addColumn('created_ms', bigint, (col) => col.notNull())
        .addColumn('last_seen_ms', bigint, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('login_attempts')
        .ifNotExists()
        .addColumn('client', 'text', (col) => col.primaryKey())
        .addColumn('failures', 'integer', (col) => col.notNull())
        .addColumn('blocked_until_ms', bigint, (col) => col.notNull())
        .addColumn('updated_ms', bigint, (col) => col.notNull())
        .execute();

      await db.schema
        .createTable('settings')
        .ifNotExists()
        .addColumn('key', 'text', (col) => col.primaryKey())
        .addColumn('value', 'text', (col) => col.notNull())
        .execute();
    },
  };
}
