import type { ExpressionBuilder, Selectable, Transaction } from 'kysely';
import { addDays, startOfLocalDay } from '../../shared/local-days';
import type {
  CountInput,
  DeliveryInput,
  MovesQuery,
  StockStartInput,
  WriteOffInput,
} from '../../shared/stock-schemas';
import { stockLimits } from '../../shared/stock-schemas';
import {
  bungalowOf,
  type DeliveriesPage,
  type Delivery,
  type InsidePlace,
  type Place,
  type StockCount,
  type StockDocumentType,
  type StockDrink,
  type StockMove,
  type StockMovesPage,
  type StockStarted,
  type StockState,
  type StockWriteOff,
  storeroom,
} from '../../shared/stock-types';
import { actorLabel } from '../../shared/team';
import { appendAudit, auditActorOf, type Change, subject } from '../audit/audit-log';
import type { Db } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, validationFailed } from '../http/errors';
import { staffTextToken } from '../privacy/staff-texts';
import { createSettingsRepo } from '../settings/settings.repo';
import { expiringByDrink } from './expiry-lots';
import { averageCostsOf, openFridge, openStoreroom, stockStartedAt } from './fridges';
import { balancesOf, exceedsFridge, lockPlace, writeMoves } from './ledger';
import type { Move } from './move';

type Trx = Transaction<Database>;

const notStarted = () =>
  new HttpError(409, 'conflict', 'Stock is not started: count the storeroom and start it first');

async function requireStarted(trx: Trx): Promise<void> {
  if ((await stockStartedAt(trx)) === null) throw notStarted();
}

/**
 * The names of the drinks of a document's lines: a drink of the catalogue, or (for counts and write-offs,
 * `deletedToo`) a deleted drink whose bottles are still on hand. 422 naming the line of any other id.
 */
async function namesOf(
  trx: Trx,
  lines: readonly { drinkId: number }[],
  { deletedToo = false, path = 'lines' } = {},
): Promise<Map<number, string>> {
  const ids = lines.map((line) => line.drinkId);
  const names = new Map<number, string>();
  if (ids.length === 0) return names;
  const drinks = await trx.selectFrom('Drinks').select(['id', 'drinkName']).where('id', 'in', ids).execute();
  for (const drink of drinks) names.set(drink.id, drink.drinkName);
  if (deletedToo && names.size < ids.length) {
    const gone = await trx
      .selectFrom('stock_drinks')
      .select(['drink_id', 'drink_name'])
      .where('drink_id', 'in', ids)
      .where('drink_name', 'is not', null)
      .execute();
    for (const drink of gone)
      if (!names.has(drink.drink_id)) names.set(drink.drink_id, drink.drink_name ?? '');
  }
  const unknown = lines.findIndex((line) => !names.has(line.drinkId));
  if (unknown >= 0) {
    const message = `No drink has id ${lines[unknown]?.drinkId}`;
    throw validationFailed(message, [{ path: `${path}.${unknown}.drinkId`, message }]);
  }
  return names;
}

/** A fridge the ledger has not met is opened (taken as full at its pars) before a document touches it. */
async function prepare(trx: Trx, place: InsidePlace, change: Change): Promise<void> {
  const bungalow = bungalowOf(place);
  if (bungalow !== null) await openFridge(trx, bungalow, change);
  await lockPlace(trx, place);
}

/**
 * A delivery moves the average cost: weighted by what is on hand; when nothing or less than nothing is on
 * hand (or no cost is known yet: the opening count's bottles), the delivery's cost (DESIGN.md, "Cost and
 * margin").
 */
export function nextAverageCost(
  previous: number | null,
  onHand: number,
  quantity: number,
  unitCost: number,
): number {
  if (previous === null || onHand <= 0) return unitCost;
  return Math.round((previous * onHand + unitCost * quantity) / (onHand + quantity));
}

const actorFields = (change: Change) => {
  const actor = auditActorOf(change.actor);
  return { by: actorLabel(actor), json: JSON.stringify(actor) };
};

type MoveRow = Selectable<Database['stock_moves']>;

const asMove = (row: MoveRow): StockMove => ({
  id: Number(row.id),
  at: row.at,
  drinkId: row.drink_id,
  quantity: row.quantity,
  from: row.from_place as Place,
  to: row.to_place as Place,
  document: { type: row.document_type as StockDocumentType, id: row.document_id },
  ...(row.unit_cost !== null ? { unitCost: row.unit_cost } : {}),
});

function movesFilter(query: Omit<MovesQuery, 'page' | 'format'>, timeZone: string) {
  return (eb: ExpressionBuilder<Database, 'stock_moves'>) =>
    eb.and([
      ...(query.drink !== undefined ? [eb('drink_id', '=', query.drink)] : []),
      ...(query.place !== undefined
        ? [eb.or([eb('from_place', '=', query.place), eb('to_place', '=', query.place)])]
        : []),
      ...(query.from ? [eb('at', '>=', startOfLocalDay(query.from, timeZone))] : []),
      ...(query.to ? [eb('at', '<', startOfLocalDay(addDays(query.to, 1), timeZone))] : []),
    ]);
}

export function createStockRepo(db: Db) {
  const { kysely } = db;
  const settings = createSettingsRepo(db);

  return {
    /**
     * POST /api/stock/start: the storeroom's first count, and every fridge of the settings taken as full at
     * its pars less what today's restock list says it lacks. Once: 409 when started.
     */
    async start(input: StockStartInput, change: Change): Promise<StockStarted> {
      const { bungalowNumbers } = await settings.read();
      return kysely.transaction().execute(async (trx) => {
        const started = await trx
          .updateTable('stock_state')
          .set({ started_at: change.at })
          .where('id', '=', 1)
          .where('started_at', 'is', null)
          .returning('started_at')
          .executeTakeFirst();
        if (!started) {
          const at = await stockStartedAt(trx);
          throw new HttpError(409, 'conflict', `Stock was started at ${at}`);
        }
        const names = await namesOf(trx, input.storeroom, { path: 'storeroom' });
        await openStoreroom(trx, change.at);
        const opening = input.storeroom.filter((line) => line.quantity > 0);
        await writeMoves(trx, {
          at: change.at,
          document: { type: 'start', id: 0 },
          moves: opening.map((line) => ({
            drinkId: line.drinkId,
            quantity: line.quantity,
            from: 'count',
            to: storeroom,
          })),
        });
        // Today's restock list, by the names drinks were charged under, is what each fridge lacks.
        const [pending, drinks] = await Promise.all([
          trx
            .selectFrom('restock_pending')
            .select(['bungalow', 'drink_name', 'units'])
            .where('units', '>', 0)
            .execute(),
          trx.selectFrom('Drinks').select(['id', 'drinkName']).orderBy('id').execute(),
        ]);
        const idByName = new Map<string, number>();
        for (const drink of drinks)
          if (!idByName.has(drink.drinkName)) idByName.set(drink.drinkName, drink.id);
        const lacks = new Map<number, Map<number, number>>();
        for (const row of pending) {
          const drinkId = idByName.get(row.drink_name);
          if (drinkId === undefined) continue;
          const lack = lacks.get(row.bungalow) ?? new Map<number, number>();
          lack.set(drinkId, (lack.get(drinkId) ?? 0) + row.units);
          lacks.set(row.bungalow, lack);
        }
        let moved = opening.reduce((sum, line) => sum + line.quantity, 0);
        for (const bungalow of bungalowNumbers) {
          moved += (await openFridge(trx, bungalow, change, lacks.get(bungalow))) ?? 0;
        }
        await appendAudit(trx, {
          ...change,
          action: 'stock.started',
          subject: subject('stock'),
          details: {
            storeroom: input.storeroom.map((line) => ({
              drinkId: line.drinkId,
              drinkName: names.get(line.drinkId) ?? '',
              quantity: line.quantity,
            })),
            fridges: bungalowNumbers,
          },
        });
        return { startedAt: change.at, moved };
      });
    },

    /** GET /api/stock: what is on hand per drink; `costs` (owner, manager) adds the average cost and value. */
    async read(costs: boolean): Promise<StockState> {
      const startedAt = await stockStartedAt(kysely);
      if (startedAt === null) return { started: false };
      const [drinks, balances, stockDrinks] = await Promise.all([
        kysely.selectFrom('Drinks').select(['id', 'drinkName', 'packSize']).orderBy('id').execute(),
        kysely
          .selectFrom('stock_balances')
          .select(['place', 'drink_id', 'quantity'])
          .where('quantity', '<>', 0)
          .execute(),
        kysely.selectFrom('stock_drinks').select(['drink_id', 'drink_name', 'average_cost']).execute(),
      ]);
      const byDrink = new Map<number, StockDrink>();
      const entry = (
        drinkId: number,
        drinkName: string,
        packSize: number | null,
        sold: boolean,
      ): StockDrink => ({
        drinkId,
        drinkName,
        packSize,
        sold,
        storeroom: 0,
        fridges: 0,
        byFridge: [],
        total: 0,
        countNeeded: false,
      });
      for (const drink of drinks)
        byDrink.set(drink.id, entry(drink.id, drink.drinkName, drink.packSize, true));
      const extra = new Map(stockDrinks.map((row) => [row.drink_id, row]));
      for (const balance of balances) {
        let drink = byDrink.get(balance.drink_id);
        if (!drink) {
          // A deleted drink with bottles on hand: listed as no longer sold until written off or counted away.
          const name = extra.get(balance.drink_id)?.drink_name ?? `Drink #${balance.drink_id}`;
          drink = entry(balance.drink_id, name, null, false);
          byDrink.set(balance.drink_id, drink);
        }
        const bungalow = bungalowOf(balance.place);
        if (bungalow === null) drink.storeroom += balance.quantity;
        else {
          drink.fridges += balance.quantity;
          drink.byFridge.push({ bungalow, quantity: balance.quantity });
        }
        drink.total += balance.quantity;
      }
      const list = [...byDrink.values()];
      const expiring = await expiringByDrink(kysely, new Map(list.map((d) => [d.drinkId, d.storeroom])));
      for (const drink of list) {
        drink.expiring = expiring.get(drink.drinkId) ?? [];
        drink.byFridge.sort((a, b) => a.bungalow - b.bungalow);
        drink.countNeeded = drink.storeroom < 0;
        if (costs) {
          const averageCost = extra.get(drink.drinkId)?.average_cost ?? null;
          drink.averageCost = averageCost;
          drink.value = averageCost === null ? null : averageCost * drink.total;
        }
      }
      return { started: true, startedAt, drinks: list };
    },

    /** GET /api/stock/moves: newest first, 50 a page (one more read to know whether another follows). */
    async moves(query: MovesQuery, timeZone: string): Promise<StockMovesPage> {
      const pageSize = stockLimits.movesPageSize;
      const rows = await kysely
        .selectFrom('stock_moves')
        .selectAll()
        .where(movesFilter(query, timeZone))
        .orderBy('id', 'desc')
        .limit(pageSize + 1)
        .offset((query.page - 1) * pageSize)
        .execute();
      return { moves: rows.slice(0, pageSize).map(asMove), hasMore: rows.length > pageSize };
    },

    /** The CSV's rows, oldest first, a batch at a time by id (constant memory however long the ledger). */
    async *moveBatches(query: MovesQuery, timeZone: string, batchSize = 1000): AsyncGenerator<StockMove[]> {
      let after = 0;
      for (;;) {
        const rows = await kysely
          .selectFrom('stock_moves')
          .selectAll()
          .where(movesFilter(query, timeZone))
          .where('id', '>', after)
          .orderBy('id')
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return;
        yield rows.map(asMove);
        const last = rows[rows.length - 1];
        if (!last || rows.length < batchSize) return;
        after = Number(last.id);
      }
    },

    /** POST /api/stock/deliveries: bottles from the supplier into the storeroom, at their cost. */
    receive(input: DeliveryInput, change: Change): Promise<Delivery> {
      return kysely.transaction().execute(async (trx) => {
        await requireStarted(trx);
        const names = await namesOf(trx, input.lines);
        // Deliveries take turns on the storeroom: each average cost is computed from what the last one left.
        await lockPlace(trx, storeroom);
        const totalCost = input.lines.reduce((sum, line) => sum + line.quantity * line.unitCost, 0);
        const who = actorFields(change);
        const { id } = await trx
          .insertInto('stock_deliveries')
          .values({
            received_at: change.at,
            supplier: input.supplier ?? null,
            reference: input.reference ?? null,
            total_cost: totalCost,
            received_by: who.by,
            by_actor: who.json,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const lines = input.lines.map((line) => ({
          drinkId: line.drinkId,
          drinkName: names.get(line.drinkId) ?? '',
          quantity: line.quantity,
          unitCost: line.unitCost,
          expiresOn: line.expiresOn ?? null,
        }));
        await trx
          .insertInto('stock_delivery_lines')
          .values(
            lines.map((line) => ({
              delivery_id: id,
              drink_id: line.drinkId,
              drink_name: line.drinkName,
              quantity: line.quantity,
              unit_cost: line.unitCost,
              expires_on: line.expiresOn,
            })),
          )
          .execute();
        const ids = lines.map((line) => line.drinkId);
        const [onHand, previous] = await Promise.all([
          trx
            .selectFrom('stock_balances')
            .select((eb) => ['drink_id', eb.fn.sum<number>('quantity').as('quantity')])
            .where('drink_id', 'in', ids)
            .groupBy('drink_id')
            .execute(),
          averageCostsOf(trx, ids),
        ]);
        const onHandOf = new Map(onHand.map((row) => [row.drink_id, Number(row.quantity)]));
        const averages = [...lines]
          .sort((a, b) => a.drinkId - b.drinkId)
          .map((line) => ({
            drink_id: line.drinkId,
            drink_name: null,
            average_cost: nextAverageCost(
              previous.get(line.drinkId) ?? null,
              onHandOf.get(line.drinkId) ?? 0,
              line.quantity,
              line.unitCost,
            ),
          }));
        await trx
          .insertInto('stock_drinks')
          .values(averages)
          .onConflict((oc) =>
            oc.column('drink_id').doUpdateSet((eb) => ({ average_cost: eb.ref('excluded.average_cost') })),
          )
          .execute();
        await writeMoves(trx, {
          at: change.at,
          document: { type: 'delivery', id },
          moves: lines.map((line) => ({
            drinkId: line.drinkId,
            quantity: line.quantity,
            from: 'supplier',
            to: storeroom,
            unitCost: line.unitCost,
          })),
        });
        const delivery: Delivery = {
          id,
          receivedAt: change.at,
          supplier: input.supplier ?? null,
          reference: input.reference ?? null,
          lines,
          totalCost,
          receivedBy: who.by,
        };
        await appendAudit(trx, {
          ...change,
          action: 'stock.received',
          subject: subject('delivery', id),
          details: {
            deliveryId: id,
            supplier: delivery.supplier,
            reference: delivery.reference,
            lines,
            totalCost,
          },
        });
        return delivery;
      });
    },

    /** GET /api/stock/deliveries: newest first, 50 a page. */
    async deliveries(page: number): Promise<DeliveriesPage> {
      const pageSize = stockLimits.deliveriesPageSize;
      const rows = await kysely
        .selectFrom('stock_deliveries')
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize)
        .execute();
      const shown = rows.slice(0, pageSize);
      const ids = shown.map((row) => row.id);
      const lineRows =
        ids.length === 0
          ? []
          : await kysely
              .selectFrom('stock_delivery_lines')
              .selectAll()
              .where('delivery_id', 'in', ids)
              .orderBy('id')
              .execute();
      return {
        deliveries: shown.map((row) => ({
          id: row.id,
          receivedAt: row.received_at,
          supplier: row.supplier,
          reference: row.reference,
          totalCost: row.total_cost,
          receivedBy: row.received_by,
          lines: lineRows
            .filter((line) => line.delivery_id === row.id)
            .map((line) => ({
              drinkId: line.drink_id,
              drinkName: line.drink_name,
              quantity: line.quantity,
              unitCost: line.unit_cost,
              expiresOn: line.expires_on,
            })),
        })),
        hasMore: rows.length > pageSize,
      };
    },

    /**
     * POST /api/stock/counts: each line moves what the counter found, `counted − expected`, on top of what
     * the place holds now (decision 080); a line without `expected` sets the place to `counted`.
     */
    count(input: CountInput, change: Change): Promise<StockCount> {
      return kysely.transaction().execute(async (trx) => {
        await requireStarted(trx);
        const names = await namesOf(trx, input.lines, { deletedToo: true });
        await prepare(trx, input.place, change);
        const before = await balancesOf(
          trx,
          input.place,
          input.lines.map((line) => line.drinkId),
        );
        const isFridge = bungalowOf(input.place) !== null;
        const lines = input.lines.map((line) => {
          const held = before.get(line.drinkId) ?? 0;
          const expected = line.expected ?? held;
          let after = held + (line.counted - expected);
          // A fridge never holds fewer than nothing: bottles that left after the line was counted were there.
          if (isFridge && after < 0) after = 0;
          return {
            drinkId: line.drinkId,
            drinkName: names.get(line.drinkId) ?? '',
            expected,
            counted: line.counted,
            difference: after - held,
            before: held,
            after,
          };
        });
        const who = actorFields(change);
        const { id } = await trx
          .insertInto('stock_counts')
          .values({
            counted_at: change.at,
            place: input.place,
            note: input.note ?? null,
            counted_by: who.by,
            by_actor: who.json,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('stock_count_lines')
          .values(
            lines.map((line) => ({
              count_id: id,
              drink_id: line.drinkId,
              drink_name: line.drinkName,
              expected: line.expected,
              counted: line.counted,
              before: line.before,
              difference: line.difference,
            })),
          )
          .execute();
        const costs = await averageCostsOf(
          trx,
          lines.map((line) => line.drinkId),
        );
        await writeMoves(trx, {
          at: change.at,
          document: { type: 'count', id },
          moves: lines
            .filter((line) => line.difference !== 0)
            .map(
              (line): Move => ({
                drinkId: line.drinkId,
                drinkName: line.drinkName,
                quantity: Math.abs(line.difference),
                from: line.difference > 0 ? 'count' : input.place,
                to: line.difference > 0 ? input.place : 'count',
                unitCost: costs.get(line.drinkId) ?? null,
              }),
            ),
        });
        await appendAudit(trx, {
          ...change,
          action: 'stock.counted',
          subject: subject('count', id),
          details: { countId: id, place: input.place, note: input.note ?? null, lines },
        });
        return {
          id,
          place: input.place,
          countedAt: change.at,
          lines: lines.map(({ drinkId, before, after, difference }) => ({
            drinkId,
            before,
            after,
            difference,
          })),
        };
      });
    },

    /** POST /api/stock/write-offs: bottles gone, with a reason; a fridge gives only what it holds. */
    writeOff(input: WriteOffInput, change: Change): Promise<StockWriteOff> {
      return kysely.transaction().execute(async (trx) => {
        await requireStarted(trx);
        const names = await namesOf(trx, input.lines, { deletedToo: true });
        const bungalow = bungalowOf(input.place);
        if (bungalow !== null) {
          await openFridge(trx, bungalow, change);
          const holds = await balancesOf(
            trx,
            input.place,
            input.lines.map((line) => line.drinkId),
          );
          const over = input.lines.find((line) => line.quantity > (holds.get(line.drinkId) ?? 0));
          if (over) {
            throw exceedsFridge(bungalow, names.get(over.drinkId) ?? '', holds.get(over.drinkId) ?? 0);
          }
        }
        const who = actorFields(change);
        const { id } = await trx
          .insertInto('stock_write_offs')
          .values({
            written_off_at: change.at,
            place: input.place,
            reason: input.reason,
            note: input.note ?? null,
            written_off_by: who.by,
            by_actor: who.json,
            checkout_id: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const costs = await averageCostsOf(
          trx,
          input.lines.map((line) => line.drinkId),
        );
        await writeMoves(trx, {
          at: change.at,
          document: { type: 'write-off', id },
          moves: input.lines.map((line) => ({
            drinkId: line.drinkId,
            drinkName: names.get(line.drinkId) ?? '',
            quantity: line.quantity,
            from: input.place,
            to: 'write-off',
            unitCost: costs.get(line.drinkId) ?? null,
          })),
        });
        const lines = input.lines.map((line) => ({
          drinkId: line.drinkId,
          drinkName: names.get(line.drinkId) ?? '',
          quantity: line.quantity,
        }));
        await appendAudit(trx, {
          ...change,
          action: 'stock.written_off',
          subject: subject('write-off', id),
          details: {
            writeOffId: id,
            place: input.place,
            reason: input.reason,
            // The note staff typed, beside the chain: it may name a guest, whose erase takes it out (decision 168).
            note: input.note ? await staffTextToken(trx, input.note) : null,
            lines,
          },
        });
        return {
          id,
          place: input.place,
          reason: input.reason,
          writtenOffAt: change.at,
          lines: input.lines.map((line) => ({ drinkId: line.drinkId, quantity: line.quantity })),
        };
      });
    },
  };
}

export type StockRepo = ReturnType<typeof createStockRepo>;
