import { sql } from 'kysely';
import type { Db } from '../../src/server/db/database';

/** Every row of every table of the database, as text: where an erased value must not be found. */
export async function everyTableText(db: Db): Promise<string> {
  const tables =
    db.dialect === 'sqlite'
      ? (
          await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db.kysely)
        ).rows.map((row) => row.name)
      : (
          await sql<{ name: string }>`select table_name as name from information_schema.tables
            where table_schema = current_schema()`.execute(db.kysely)
        ).rows.map((row) => row.name);
  const parts: string[] = [];
  for (const table of tables) {
    const { rows } = await sql`select * from ${sql.table(table)}`.execute(db.kysely);
    parts.push(`${table}: ${JSON.stringify(rows)}`);
  }
  return parts.join('\n');
}

/** A value as it may sit in a JSON text too (escaped), lower-cased for a search that ignores case. */
export function containsValue(text: string, value: string): boolean {
  const lower = text.toLowerCase();
  return (
    lower.includes(value.toLowerCase()) || lower.includes(JSON.stringify(value).slice(1, -1).toLowerCase())
  );
}
