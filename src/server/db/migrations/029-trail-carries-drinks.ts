import { type Kysely, type Migration, sql } from 'kysely';
import type { Drink } from '../../../shared/api-types';
import { ownerActor } from '../../../shared/team';
import { appendAudits } from '../../audit/audit-log';
import type { DialectName } from '../database';
import type { Database } from '../tables';

/**
 * The trail is the books (docs/decisions/230): verify rebuilds every drink from its events, but the drinks of
 * an install older than the trail (the first stage's, an imported catalogue) were never added by an event. Each
 * drink with no `drink.added` event is carried into the chain now, as it is, the way migration 007 carried the
 * checkouts (`carriedOver: true`, the owner as actor). A new install's seeded catalogue needs none: the replay
 * starts from it (drink-trail.ts).
 */
export function trailCarriesDrinksMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const kysely = db as Kysely<Database>;
      const added = await kysely
        .selectFrom('audit_events')
        .select('subject_id')
        .where('action', '=', 'drink.added')
        .execute();
      const known = new Set(added.map((row) => row.subject_id));
      const drinks = await sql<Omit<Drink, 'packSize'> & { packSize: number | null }>`
        select id, "drinkName", "startingQuantity", price, section, "sectionOrder", "packSize"
        from "Drinks" order by id`.execute(kysely);
      const carried = drinks.rows.filter((drink) => !known.has(String(drink.id)));
      if (carried.length === 0) return;
      const at = new Date().toISOString();
      const entries = carried.map(({ packSize, ...drink }) => ({
        actor: ownerActor(),
        at,
        action: 'drink.added' as const,
        subject: { type: 'drink', id: String(drink.id) },
        details: {
          after: {
            ...drink,
            id: Number(drink.id),
            price: Number(drink.price),
            startingQuantity: Number(drink.startingQuantity),
            sectionOrder: Number(drink.sectionOrder),
            ...(packSize === null ? {} : { packSize: Number(packSize) }),
          },
          carriedOver: true,
        },
      }));
      // PostgreSQL runs each migration in a transaction already (the commit chains the events); SQLite's
      // migrations run statement by statement, and the append needs a transaction of its own.
      if (dialect === 'postgres') await appendAudits(kysely as never, entries);
      else await kysely.transaction().execute((trx) => appendAudits(trx, entries));
    },
  };
}
