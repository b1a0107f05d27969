import type { Kysely } from 'kysely';
import type { AuditAction, ChainVerdict, TrailDifference, TrailVerdict } from '../../shared/audit-types';
import {
  applyCheckoutEvent,
  type CheckoutOnTrail,
  checkoutTrailActions,
  linesText,
} from '../checkouts/checkout-trail';
import type { Database } from '../db/tables';
import { applyDrinkEvent, type DrinkOnTrail, drinkTrailActions, seededDrink } from '../drinks/drink-trail';
import { applyStockEvent, balanceId, stockTrailActions } from '../stock/stock-trail';
import {
  applyDocumentEvent,
  type DocumentOnTrail,
  documentNumberOf,
  documentTrailActions,
} from '../tax/document-trail';
import type { TrailEvent, TrailStep } from './trail-event';

/** Rows and events read per round trip: a year of checkouts never sits in memory as rows at once. */
export const replayBatchSize = 5000;

/** Differences kept by name; beyond, only counted (a wiped table would otherwise name a million rows). */
export const namedDifferencesLimit = 200;

type Value = string | number | null;

interface Kept<Row> {
  row: Row;
  /** The last event that made or changed it, named beside a difference. */
  seq: number;
}

/** What the trail says each capability's rows are, replayed from the events alone. */
interface TrailState {
  checkouts: Map<number, Kept<CheckoutOnTrail>>;
  documents: Map<string, Kept<DocumentOnTrail>>;
  drinks: Map<number, Kept<DrinkOnTrail>>;
  /** Each stock balance by `balanceId` (place and drink): its bottles. */
  balances: Map<string, Kept<{ place: string; drinkId: number; quantity: number }>>;
  /** Events that could not apply (a payment for a checkout never recorded), as differences. */
  problems: TrailDifference[];
  /** The last event read. */
  seq: number;
  /** Events of the capabilities replayed. */
  applied: number;
}

const replayedActions = new Set<string>([
  ...checkoutTrailActions,
  ...documentTrailActions,
  ...drinkTrailActions,
  ...stockTrailActions,
]);
const actionsOf = (actions: readonly string[]) => new Set<string>(actions);
const checkoutActions = actionsOf(checkoutTrailActions);
const documentActions = actionsOf(documentTrailActions);
const drinkActions = actionsOf(drinkTrailActions);
const stockActions = actionsOf(stockTrailActions);

/**
 * Verify replays the trail against the tables (DESIGN.md, "The trail is the books"; docs/decisions/230): from
 * the events alone it rebuilds every checkout (lines, total, payment, void, documents), every drink and every
 * stock balance (docs/decisions/237), then
 * reads the tables and names each field that differs, each row no event made and each row the events made that
 * is not there. The chain's hashes say the trail was not changed after it was written; this says the trail is
 * what the tables hold, so an event rewritten before it was chained, or a cut tail, fails too.
 *
 * Safe while the server writes: a difference may be a change committed between reading the events and the
 * tables, so when there are differences the events committed since are applied and the tables read again
 * (up to three passes); what still differs is named.
 */
export async function replayTrail(
  kysely: Kysely<Database>,
  { batchSize = replayBatchSize }: { batchSize?: number } = {},
): Promise<TrailVerdict> {
  const seeded = await kysely
    .selectFrom('settings')
    .select('key')
    .where('key', '=', 'catalogue_seeded')
    .executeTakeFirst();
  const state: TrailState = {
    checkouts: new Map(),
    documents: new Map(),
    // The seeded catalogue is where a new install's drinks start (drink-trail.ts).
    drinks: new Map(
      seeded
        ? [1, 2, 3, 4, 5, 6, 7, 8, 9].flatMap((id) => {
            const row = seededDrink(id);
            return row ? [[id, { row, seq: 0 }] as const] : [];
          })
        : [],
    ),
    balances: new Map(),
    problems: [],
    seq: 0,
    applied: 0,
  };
  let compared = await readAndCompare(kysely, state, batchSize);
  for (let pass = 1; pass < 3 && compared.differences.length > 0; pass++) {
    const before = state.seq;
    await readEvents(kysely, state, batchSize);
    if (state.seq === before) break;
    compared = await readAndCompare(kysely, state, batchSize);
  }
  const differences = [...state.problems, ...compared.differences];
  return {
    events: state.seq,
    replayed: state.applied,
    rows: compared.rows,
    differences: differences.slice(0, namedDifferencesLimit),
    moreDifferences: Math.max(0, differences.length - namedDifferencesLimit),
  };
}

async function readAndCompare(kysely: Kysely<Database>, state: TrailState, batchSize: number) {
  if (state.seq === 0 || state.applied === 0) await readEvents(kysely, state, batchSize);
  const differences: TrailDifference[] = [];
  const checkouts = await compareCheckouts(kysely, state, batchSize, differences);
  const documents = await compareDocuments(kysely, state, batchSize, differences);
  const drinks = await compareDrinks(kysely, state, differences);
  const balances = await compareBalances(kysely, state, differences);
  return { rows: checkouts + documents + drinks + balances, differences };
}

/** The events after the last one read, in the chain's order, applied by their capability's rule. */
async function readEvents(kysely: Kysely<Database>, state: TrailState, batchSize: number): Promise<void> {
  for (;;) {
    const rows = await kysely
      .selectFrom('audit_events')
      .select(['seq', 'at', 'action', 'subject_id', 'details'])
      .where('seq', '>', state.seq)
      .orderBy('seq')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      const seq = Number(row.seq);
      state.seq = seq;
      if (!replayedActions.has(row.action)) continue;
      const event: TrailEvent = {
        seq,
        at: row.at,
        action: row.action as AuditAction,
        subjectId: row.subject_id,
        details: JSON.parse(row.details) as Record<string, unknown>,
      };
      state.applied += 1;
      if (checkoutActions.has(event.action)) {
        apply(state, 'checkouts', state.checkouts, Number(event.subjectId), event, applyCheckoutEvent);
      } else if (documentActions.has(event.action)) {
        apply(
          state,
          'tax_documents',
          state.documents,
          documentNumberOf(event) ?? '',
          event,
          applyDocumentEvent,
        );
      } else if (drinkActions.has(event.action)) {
        apply(state, 'Drinks', state.drinks, Number(event.subjectId), event, applyDrinkEvent);
      }
      // A checkout's events change its row and, with stock on, the fridge's balances: both rules read them.
      if (stockActions.has(event.action)) applyBalances(state, event);
    }
    if (rows.length < batchSize) return;
  }
}

function apply<Key, Row>(
  state: TrailState,
  table: string,
  rows: Map<Key, Kept<Row>>,
  key: Key,
  event: TrailEvent,
  rule: (row: Row | undefined, event: TrailEvent) => TrailStep<Row>,
): void {
  const step = rule(rows.get(key)?.row, event);
  if ('problem' in step) {
    state.problems.push({
      table,
      id: String(key),
      field: 'events',
      trail: step.problem,
      stored: null,
      seq: event.seq,
    });
    return;
  }
  if (step.row === undefined) rows.delete(key);
  else rows.set(key, { row: step.row, seq: event.seq });
}

/** What an event does to the balances: each moved by its change, or all replaced by the ones it carried. */
function applyBalances(state: TrailState, event: TrailEvent): void {
  const step = applyStockEvent(event);
  if ('carried' in step) state.balances.clear();
  for (const { place, drinkId, delta } of 'carried' in step ? step.carried : step.changes) {
    const key = balanceId(place, drinkId);
    const quantity = (state.balances.get(key)?.row.quantity ?? 0) + delta;
    state.balances.set(key, { row: { place, drinkId, quantity }, seq: event.seq });
  }
}

/** Each field of a row the trail and the table both have, and the row missing on either side. */
function compareRow(
  differences: TrailDifference[],
  table: string,
  id: string,
  kept: Kept<unknown> | undefined,
  fields: readonly (readonly [string, Value, Value])[],
): void {
  if (!kept) {
    differences.push({ table, id, field: 'row', trail: null, stored: 'a row no event made', seq: null });
    return;
  }
  for (const [field, trail, stored] of fields) {
    if (trail !== stored) differences.push({ table, id, field, trail, stored, seq: kept.seq });
  }
}

/** Rows the events made that the table does not hold. */
function missingRows<Key>(
  differences: TrailDifference[],
  table: string,
  rows: Map<Key, Kept<unknown>>,
  seen: Set<Key>,
) {
  for (const [key, kept] of rows) {
    if (!seen.has(key)) {
      differences.push({
        table,
        id: String(key),
        field: 'row',
        trail: 'made by the events',
        stored: null,
        seq: kept.seq,
      });
    }
  }
}

async function compareCheckouts(
  kysely: Kysely<Database>,
  state: TrailState,
  batchSize: number,
  differences: TrailDifference[],
): Promise<number> {
  const seen = new Set<number>();
  let after = 0;
  for (;;) {
    const rows = await kysely
      .selectFrom('checkouts')
      .select(['id', 'bungalow', 'created_at', 'total', 'paid_method', 'voided_at'])
      .where('id', '>', after)
      .orderBy('id')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    const last = Number(rows[rows.length - 1]?.id);
    const lines = await kysely
      .selectFrom('checkout_lines')
      .select(['checkout_id', 'drink_id', 'drink_name', 'quantity', 'unit_price', 'line_total'])
      .where('checkout_id', '>', after)
      .where('checkout_id', '<=', last)
      .execute();
    const linesOf = new Map<
      number,
      { drinkId: number; drinkName: string; quantity: number; unitPrice: number; lineTotal: number }[]
    >();
    for (const line of lines) {
      const list = linesOf.get(Number(line.checkout_id)) ?? [];
      list.push({
        drinkId: Number(line.drink_id),
        drinkName: line.drink_name,
        quantity: Number(line.quantity),
        unitPrice: Number(line.unit_price),
        lineTotal: Number(line.line_total),
      });
      linesOf.set(Number(line.checkout_id), list);
    }
    for (const row of rows) {
      const id = Number(row.id);
      seen.add(id);
      const kept = state.checkouts.get(id);
      const trail = kept?.row;
      compareRow(differences, 'checkouts', String(id), kept, [
        ['bungalow', trail?.bungalow ?? null, Number(row.bungalow)],
        ['created_at', trail?.createdAt ?? null, row.created_at],
        ['total', trail?.total ?? null, Number(row.total)],
        ['paid_method', trail?.paidMethod ?? null, row.paid_method],
        ['voided_at', trail?.voidedAt ?? null, row.voided_at],
        ['lines', trail?.lines ?? null, linesText(linesOf.get(id) ?? [])],
      ]);
    }
    after = last;
    if (rows.length < batchSize) break;
  }
  missingRows(differences, 'checkouts', state.checkouts, seen);
  return seen.size;
}

async function compareDocuments(
  kysely: Kysely<Database>,
  state: TrailState,
  batchSize: number,
  differences: TrailDifference[],
): Promise<number> {
  const seen = new Set<string>();
  let after = '';
  for (;;) {
    const rows = await kysely
      .selectFrom('tax_documents')
      .select(['number', 'checkout_id', 'type', 'status', 'total', 'vat', 'replaces', 'replaced_by'])
      .where('number', '>', after)
      .orderBy('number')
      .limit(batchSize)
      .execute();
    for (const row of rows) {
      seen.add(row.number);
      const kept = state.documents.get(row.number);
      const trail = kept?.row;
      compareRow(differences, 'tax_documents', row.number, kept, [
        ['checkout_id', trail?.checkoutId ?? null, Number(row.checkout_id)],
        ['type', trail?.type ?? null, row.type],
        ['status', trail?.status ?? null, row.status],
        ['total', trail?.total ?? null, Number(row.total)],
        ['vat', trail?.vat ?? null, Number(row.vat)],
        ['replaces', trail?.replaces ?? null, row.replaces],
        ['replaced_by', trail?.replacedBy ?? null, row.replaced_by],
      ]);
    }
    if (rows.length < batchSize) break;
    after = rows[rows.length - 1]?.number ?? after;
  }
  missingRows(differences, 'tax_documents', state.documents, seen);
  return seen.size;
}

async function compareDrinks(
  kysely: Kysely<Database>,
  state: TrailState,
  differences: TrailDifference[],
): Promise<number> {
  // A catalogue is tens of drinks: one read.
  const rows = await kysely
    .selectFrom('Drinks')
    .select(['id', 'drinkName', 'price', 'startingQuantity', 'section', 'packSize'])
    .orderBy('id')
    .execute();
  const seen = new Set<number>();
  for (const row of rows) {
    const id = Number(row.id);
    seen.add(id);
    const kept = state.drinks.get(id);
    const trail = kept?.row;
    compareRow(differences, 'Drinks', String(id), kept, [
      ['drinkName', trail?.drinkName ?? null, row.drinkName],
      ['price', trail?.price ?? null, Number(row.price)],
      ['startingQuantity', trail?.startingQuantity ?? null, Number(row.startingQuantity)],
      ['section', trail?.section ?? null, row.section],
      ['packSize', trail?.packSize ?? null, row.packSize === null ? null : Number(row.packSize)],
    ]);
  }
  missingRows(differences, 'Drinks', state.drinks, seen);
  return seen.size;
}

/**
 * The stock balances the events made against `stock_balances` (one read: a place a drink, some thousand rows). A
 * balance of 0 and no row hold the same bottles: only a difference in bottles is named, a row no event made
 * when the trail has no balance there, a row the events made when the table has none.
 */
async function compareBalances(
  kysely: Kysely<Database>,
  state: TrailState,
  differences: TrailDifference[],
): Promise<number> {
  const rows = await kysely
    .selectFrom('stock_balances')
    .select(['place', 'drink_id', 'quantity'])
    .orderBy('place')
    .orderBy('drink_id')
    .execute();
  const seen = new Set<string>();
  for (const row of rows) {
    const id = balanceId(row.place, Number(row.drink_id));
    seen.add(id);
    const kept = state.balances.get(id);
    const stored = Number(row.quantity);
    if (!kept && stored === 0) continue;
    compareRow(differences, 'stock_balances', id, kept, [['quantity', kept?.row.quantity ?? null, stored]]);
  }
  const held = new Map([...state.balances].filter(([, kept]) => kept.row.quantity !== 0));
  missingRows(differences, 'stock_balances', held, seen);
  return seen.size;
}

/** One difference as a line: "checkouts #12, paid_method: the trail says "card" (event 1905), the table "cash"". */
export function differenceText(d: TrailDifference): string {
  const value = (v: Value) => (v === null ? 'nothing' : typeof v === 'string' ? `"${v}"` : String(v));
  const where = `${d.table} ${d.table === 'tax_documents' || d.table === 'stock_balances' ? d.id : `#${d.id}`}`;
  if (d.field === 'events') return `${where}: ${d.trail}`;
  if (d.field === 'row' && d.trail === null)
    return `${where}: a row no event made (no event in the trail records it)`;
  if (d.field === 'row')
    return `${where}: the events made it (last at event ${d.seq}), the table has no such row`;
  return `${where}, ${d.field}: the trail says ${value(d.trail)}${d.seq ? ` (event ${d.seq})` : ''}, the table says ${value(d.stored)}`;
}

/**
 * The chain's verdict with the replay's: a chain that holds fails when the trail and the tables differ, broken
 * at the event of the first difference (after the last event for a row no event made).
 */
export function withTrail(chain: ChainVerdict, trail: TrailVerdict): ChainVerdict {
  if (!chain.ok) return chain;
  const first = trail.differences[0];
  if (!first) return { ...chain, trail };
  const count = trail.differences.length + trail.moreDifferences;
  return {
    ok: false,
    brokenAt: first.seq ?? chain.events + 1,
    reason: `the trail and the tables differ at ${count} place${count === 1 ? '' : 's'} (first: ${differenceText(first)}): a table was changed without its event, or an event was changed before it was chained, or events were cut`,
    trail,
  };
}
