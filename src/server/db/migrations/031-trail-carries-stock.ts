import { type Kysely, type Migration, sql } from 'kysely';
import { ownerActor } from '../../../shared/team';
import { appendAudits } from '../../audit/audit-log';
import type { DialectName } from '../database';
import type { Database } from '../tables';

/**
 * The trail is the books (docs/decisions/237): verify rebuilds every stock balance from the events, but an
 * install whose stock started before the events said what each change moved (a checkout's `fromFridge`, a void's
 * `returned`, `stock.fridge_opened`) cannot be replayed from its first event. Its balances are carried into the
 * chain now, as they stand, in one `stock.carried` event (the owner as actor, `carriedOver: true`, as migration
 * 029 carried the drinks): the replay starts its balances there. An install whose stock is off has none to carry.
 */
export function trailCarriesStockMigration(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>) {
      const kysely = db as Kysely<Database>;
      const state = await kysely
        .selectFrom('stock_state')
        .select('started_at')
        .where('id', '=', 1)
        .executeTakeFirst();
      if (!state?.started_at) return;
      const balances = await sql<{ place: string; drink_id: number; quantity: number }>`
        select place, drink_id, quantity from stock_balances order by place, drink_id`.execute(kysely);
      const entry = {
        actor: ownerActor(),
        at: new Date().toISOString(),
        action: 'stock.carried' as const,
        subject: { type: 'stock', id: null },
        details: {
          balances: balances.rows.map((row) => ({
            place: row.place,
            drinkId: Number(row.drink_id),
            quantity: Number(row.quantity),
          })),
          carriedOver: true,
        },
      };
      // PostgreSQL runs each migration in a transaction already (the commit chains the event); SQLite's
      // migrations run statement by statement, and the append needs a transaction of its own.
      if (dialect === 'postgres') await appendAudits(kysely as never, [entry]);
      else await kysely.transaction().execute((trx) => appendAudits(trx, [entry]));
    },
  };
}
