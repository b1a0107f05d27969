import { type Kysely, type Migration, sql } from 'kysely';
import type { DialectName } from '../database';

/**
 * A token that changes with every write to "Drinks", whoever makes it: this app, a second app server, or
 * staff editing the table in Supabase's dashboard. The catalogue cache (drinks/catalogue-cache.ts)
 * compares it on each read, so a cached catalogue is never served after a write.
 *
 * A random token rather than a counter: a rolled-back write would let a counter take the same value twice.
 */
export function catalogueVersionMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('catalogue_version')
        .addColumn('id', 'integer', (col) => col.primaryKey())
        .addColumn('version', 'text', (col) => col.notNull())
        .execute();
      await sql`insert into catalogue_version (id, version) values (1, 'initial')`.execute(db);

      if (dialect === 'sqlite') {
        for (const event of ['insert', 'update', 'delete']) {
          await sql`create trigger ${sql.raw(`drinks_version_after_${event}`)}
            after ${sql.raw(event)} on "Drinks"
            begin
              update catalogue_version set version = lower(hex(randomblob(16))) where id = 1;
            end`.execute(db);
        }
        return;
      }
      // `set search_path from current`: the function finds catalogue_version in the schema it was made in,
      // whatever search_path the writer's session has.
      await sql`create or replace function bump_catalogue_version() returns trigger
        language plpgsql set search_path from current as $$
        begin
          update catalogue_version set version = gen_random_uuid()::text where id = 1;
          return null;
        end $$`.execute(db);
      await sql`create trigger drinks_version_after_write
        after insert or update or delete or truncate on "Drinks"
        for each statement execute function bump_catalogue_version()`.execute(db);
    },
  };
}
