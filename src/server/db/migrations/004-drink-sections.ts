import { type Kysely, type Migration, sql } from 'kysely';
import { drinkSections } from '../../../shared/drink-sections';

/**
 * Drink sections chosen by staff: `section` is one of the checkout's four section titles, or null for the
 * spec's rule (the section follows from the name). `sectionOrder` places a drink within its section at
 * checkout (lower first, then id); existing drinks keep the order they had, their id order.
 *
 * The column names follow the spec's table ("drinkName", "startingQuantity"), so a Supabase project's
 * "Drinks" table takes the same two columns. The check keeps a hand-edited row from naming a fifth section.
 * Writes to "Drinks" already replace the catalogue version (003), so the caches see these columns change.
 */
export function drinkSectionsMigration(): Migration {
  const titles = drinkSections.map((section) => section.title);
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('Drinks')
        .addColumn('section', 'text', (col) =>
          col.check(
            sql`"section" is null or "section" in (${sql.join(titles.map((title) => sql.lit(title)))})`,
          ),
        )
        .execute();
      await db.schema
        .alterTable('Drinks')
        .addColumn('sectionOrder', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
      await sql`update "Drinks" set "sectionOrder" = id`.execute(db);
    },
  };
}
