import { sql, type Transaction } from 'kysely';
import { appendAudit, subject } from '../../src/server/audit/audit-log';
import type { Db } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/tables';
import { ownerActor } from '../../src/shared/team';

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

/**
 * Opens Mia Chen's stay in bungalow 12 as the code before migration 016 did: her name and email in the
 * `stay.opened` event's details, where 016 must find and seal them.
 */
export async function openStayAsBefore016(trx: Transaction<Database>, at: string): Promise<void> {
  await trx
    .insertInto('stays')
    .values({
      bungalow: 12,
      guest_name: 'Mia Chen',
      guest_email: 'mia@example.com',
      check_out_on: null,
      checked_in_at: at,
      checked_out_at: null,
    })
    .execute();
  await appendAudit(trx, {
    actor: ownerActor(),
    at,
    action: 'stay.opened',
    subject: subject('stay', 1),
    details: {
      bungalow: 12,
      after: { guestName: 'Mia Chen', guestEmail: 'mia@example.com', checkOutOn: null },
    },
  });
}
