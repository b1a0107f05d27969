import { type Insertable, sql, type Transaction } from 'kysely';
import type { CheckoutLine, RecordedCheckout } from '../../shared/api-types';
import { toastTexts } from '../../shared/constants';
import { mostMissing, parOf } from '../../shared/fridge-rule';
import { localDayOf } from '../../shared/local-days';
import { grandTotal, lineTotal } from '../../shared/money';
import type { CheckoutInput } from '../../shared/schemas';
import { fridgeOf, type StockDocumentRef } from '../../shared/stock-types';
import { type TaxDocument, taxLimits, taxMessages } from '../../shared/tax';
import { type AuditEntry, appendAudit, auditActorOf, type Change, subject } from '../audit/audit-log';
import { type Db, isPostgres } from '../db/database';
import type { Database } from '../db/tables';
import { HttpError, validationFailed } from '../http/errors';
import { answerCheckRequestsByCheckout } from '../live/check-requests.repo';
import { openFridge } from '../stock/fridges';
import { exceedsFridge, writeMoves } from '../stock/ledger';
import type { Move } from '../stock/move';
import { costOfSaleMoves, type SoldCost } from '../stock/sales-figures';
import {
  currentDocumentRow,
  documentOf,
  issueDocument,
  issueStatement,
  replaceDocument,
  type TaxContext,
  taxContextOf,
} from '../tax/tax-documents';
import { changeOfSale, issueNote } from '../tax/tax-months';
import type { WriteGate } from './checkout-limits';
import { countCheckout, reviseCheckout } from './running-totals';

type Trx = Transaction<Database>;

/** What a send of a checkout did: a new record (201), a repeat that wrote nothing, or a revision (both 200). */
export interface RecordOutcome {
  outcome: 'created' | 'repeated' | 'revised';
  checkout: RecordedCheckout;
}

interface StoredCheck {
  id: number;
  bungalow: number;
  created_at: string;
  guest_name: string;
  total: number;
  voided_at: string | null;
  stay_id: number | null;
  check_id: string | null;
  revised_at: string | null;
}

/** How long after a stay was closed a fridge check still belongs to it (DESIGN.md, "Whose fridge"). */
const lateChargeMs = 24 * 60 * 60 * 1000;

/** The bungalow's most recently opened stay, as the send's read finds it. */
interface LatestStay {
  id: number | null;
  guestName: string | null;
  checkedOutAt: string | null;
  guestId: number | null;
}

/**
 * The guest a checkout is charged to: the bungalow's open stay; else the stay closed within the last 24 hours
 * when no stay was opened since (a late charge: housekeeping checked the fridge after the guest left); else
 * the spec's "Guest" record (its first row), else 409 "Guest information not found".
 */
function chargedGuest(
  stay: LatestStay,
  fallback: { name: string | null; guestId: number | null },
  at: string,
) {
  if (stay.id !== null && stay.guestName !== null) {
    const charged = { stayId: stay.id, name: stay.guestName, guestId: stay.guestId };
    if (stay.checkedOutAt === null) return { ...charged, lateCharge: false };
    if (stay.checkedOutAt <= at && Date.parse(at) - Date.parse(stay.checkedOutAt) <= lateChargeMs) {
      return { ...charged, lateCharge: true };
    }
  }
  if (fallback.name === null) throw new HttpError(409, 'conflict', toastTexts.guestNotFound);
  return { stayId: null, name: fallback.name, guestId: fallback.guestId, lateCharge: false };
}

/** What stock says of the bungalow's fridge for the drinks of a send. */
interface FridgeView {
  /** Stock is on: the fridge's holdings bound the counts and the checkout moves bottles. */
  on: boolean;
  /** The ledger has opened this fridge (else it is taken as full at its pars when first met). */
  open: boolean;
  /** Satang per bottle, for the sale's moves. */
  averageCost: Map<number, number | null>;
}

/** A drink of the send as its read finds it, with the bungalow's par and the fridge's holding. */
interface SendDrink {
  id: number;
  drinkName: string;
  startingQuantity: number;
  price: number;
  par: number | null;
  holds: number | null;
  average_cost: number | null;
}

/**
 * A row of the send's read: one drink of the send (null columns on the one row of a send naming no drink that
 * exists), and beside it what the whole send needs.
 */
interface SendRow {
  id: number | null;
  drinkName: string;
  startingQuantity: number;
  price: number;
  par: number | null;
  holds: number | null;
  average_cost: number | null;
  stock_started: string | null;
  fridge_open: string | null;
  stay_id: number | null;
  stay_guest_name: string | null;
  stay_checked_out_at: string | null;
  stay_guest_id: number | null;
  fallback_guest_name: string | null;
  fallback_guest_id: number | null;
  open_request: number | null;
  settings_json: string | null;
}

/**
 * What a send is checked against, read in one statement (a round trip is most of a checkout's cost on
 * PostgreSQL): the drinks it names with the bungalow's pars, the fridge's holdings and their average cost;
 * whether stock is on and has opened this fridge; the bungalow's latest stay and the fallback Guest (whose
 * fridge it is); and the bungalow's open check request, if any (so that a send without one does not pay for
 * an UPDATE that finds nothing). Every join but the drinks' meets at most one row. A template, not the query
 * builder: every checkout runs it, and building it was a fifth of the server's work for one.
 */
async function readSend(trx: Trx, input: CheckoutInput, wanted: readonly CheckoutInput['items'][number][]) {
  const { bungalow } = input;
  const place = fridgeOf(bungalow);
  const ids = wanted.map((item) => item.drinkId);
  // From stock_state's one row, so the stay, the Guest and the request come back even when no drink does.
  const { rows } = await sql<SendRow>`
    select d.id, d."drinkName", d."startingQuantity", d.price, p.par, b.quantity as holds, s.average_cost,
      ss.started_at as stock_started, sp.place as fridge_open, st.id as stay_id,
      st.guest_name as stay_guest_name, st.checked_out_at as stay_checked_out_at, st.guest_id as stay_guest_id,
      g.name as fallback_guest_name, g.guest_id as fallback_guest_id, r.id as open_request,
      cfg.value as settings_json
    from stock_state ss
      left join "Drinks" d on ${ids.length > 0 ? sql`d.id in (${sql.join(ids)})` : sql`1 = 0`}
      left join pars p on p.drink_id = d.id and p.bungalow = ${bungalow}
      left join stock_balances b on b.drink_id = d.id and b.place = ${place}
      left join stock_drinks s on s.drink_id = d.id
      left join stock_places sp on sp.place = ${place}
      left join stays st on st.id = (
        select id from stays where bungalow = ${bungalow} order by checked_in_at desc, id desc limit 1)
      left join "Guest" g on g.id = (select min(id) from "Guest")
      left join check_requests r on r.bungalow = ${bungalow} and r.done_at is null
      left join settings cfg on cfg.key = 'resort'
    where ss.id = 1`.execute(trx);
  const drinks = rows.filter((row): row is SendRow & SendDrink => row.id !== null);
  const first = rows[0];
  return {
    drinks,
    stay: {
      id: first?.stay_id ?? null,
      guestName: first?.stay_guest_name ?? null,
      checkedOutAt: first?.stay_checked_out_at ?? null,
      guestId: first?.stay_guest_id ?? null,
    } satisfies LatestStay,
    fallback: { name: first?.fallback_guest_name ?? null, guestId: first?.fallback_guest_id ?? null },
    openRequest: first?.open_request != null,
    // Tax documents (fifth stage): the settings come along, so numbering costs the checkout no read.
    taxContext: taxContextOf(first?.settings_json),
  };
}

type SendRead = Awaited<ReturnType<typeof readSend>>;

/**
 * The lines of a send, priced by the server from the catalogue of the moment and bounded by the fridge rule
 * (shared/fridge-rule.ts): the bungalow's par, and with stock on what its fridge holds; 422 for what cannot
 * be. `already`: a revision's previous lines (with stock on, their bottles left the fridge already).
 */
function priceLines(
  input: CheckoutInput,
  wanted: readonly CheckoutInput['items'][number][],
  { drinks }: SendRead,
  already: readonly CheckoutLine[] = [],
): { lines: CheckoutLine[]; total: number; fridge: FridgeView } {
  const byId = new Map(drinks.map((drink) => [drink.id, drink]));
  const first = drinks[0];
  const fridge: FridgeView = {
    on: Boolean(first?.stock_started),
    open: Boolean(first?.fridge_open),
    averageCost: new Map(drinks.map((drink) => [drink.id, drink.average_cost])),
  };
  const before = new Map(already.map((line) => [line.drinkId, line.quantity]));

  let overFridge = false;
  const issues = wanted.flatMap((item) => {
    const index = input.items.indexOf(item);
    const path = `items.${index}.missing`;
    const drink = byId.get(item.drinkId);
    if (!drink) return [{ path: `items.${index}.drinkId`, message: `No drink has id ${item.drinkId}` }];
    const par = parOf(drink, drink.par);
    // Not yet opened: the fridge is taken as full at its pars (see openFridge).
    const holds = fridge.on && fridge.open ? (drink.holds ?? 0) : par;
    const taken = fridge.on ? (before.get(drink.id) ?? 0) : 0;
    const most = mostMissing({ par, holds: holds + taken }, fridge.on);
    if (item.missing <= most) return [];
    if (fridge.on) {
      overFridge = true;
      return [{ path, message: exceedsFridge(input.bungalow, drink.drinkName, holds + taken).message }];
    }
    if (par === 0)
      return [{ path, message: `Bungalow ${input.bungalow}'s fridge does not carry ${drink.drinkName}` }];
    return [{ path, message: `At most ${par} ${drink.drinkName} can be missing` }];
  });
  const firstIssue = issues[0];
  if (firstIssue) {
    if (overFridge) throw new HttpError(422, 'exceeds_fridge', firstIssue.message, issues);
    throw validationFailed(firstIssue.message, issues);
  }

  const lines: CheckoutLine[] = wanted.map((item) => {
    const drink = byId.get(item.drinkId);
    if (!drink) throw new Error('unreachable: drink checked above');
    return {
      drinkId: drink.id,
      drinkName: drink.drinkName,
      quantity: item.missing,
      unitPrice: drink.price,
      lineTotal: lineTotal(item.missing, drink.price),
    };
  });
  const total = grandTotal(lines.map((line) => ({ missing: line.quantity, price: line.unitPrice })));
  return { lines, total, fridge };
}

/**
 * With stock on, the bottles of a check leave the fridge for the guest (a revision: the difference either
 * way). Before the running totals: those are the transaction's last statement (running-totals.ts).
 */
async function moveSold(
  trx: Trx,
  {
    bungalow,
    change: sale,
    document,
    before,
    after,
    fridge,
  }: {
    bungalow: number;
    change: Change;
    document: StockDocumentRef;
    before: readonly CheckoutLine[];
    after: readonly CheckoutLine[];
    fridge: FridgeView;
  },
): Promise<SoldCost[]> {
  if (!fridge.on) return [];
  const { at } = sale;
  if (!fridge.open) await openFridge(trx, bungalow, sale);
  const place = fridgeOf(bungalow);
  const change = new Map<number, { quantity: number; drinkName: string }>();
  for (const [lines, sign] of [
    [before, -1],
    [after, 1],
  ] as const) {
    for (const line of lines) {
      const entry = change.get(line.drinkId) ?? { quantity: 0, drinkName: line.drinkName };
      entry.quantity += sign * line.quantity;
      change.set(line.drinkId, entry);
    }
  }
  const moves: Move[] = [...change.entries()]
    .filter(([, entry]) => entry.quantity !== 0)
    .map(([drinkId, entry]) => ({
      drinkId,
      drinkName: entry.drinkName,
      quantity: Math.abs(entry.quantity),
      from: entry.quantity > 0 ? place : 'guest',
      to: entry.quantity > 0 ? 'guest' : place,
      unitCost: fridge.averageCost.get(drinkId) ?? null,
    }));
  await writeMoves(trx, { at, document, moves });
  return costOfSaleMoves(moves);
}

async function linesOf(trx: Trx, checkoutId: number): Promise<CheckoutLine[]> {
  const rows = await trx
    .selectFrom('checkout_lines')
    .select(['drink_id', 'drink_name', 'quantity', 'unit_price', 'line_total'])
    .where('checkout_id', '=', checkoutId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({
    drinkId: row.drink_id,
    drinkName: row.drink_name,
    quantity: row.quantity,
    unitPrice: row.unit_price,
    lineTotal: row.line_total,
  }));
}

async function insertLines(trx: Trx, checkoutId: number, lines: CheckoutLine[]) {
  await trx
    .insertInto('checkout_lines')
    .values(
      lines.map((line) => ({
        checkout_id: checkoutId,
        drink_id: line.drinkId,
        drink_name: line.drinkName,
        quantity: line.quantity,
        unit_price: line.unitPrice,
        line_total: line.lineTotal,
      })),
    )
    .execute();
}

/**
 * Stores a new checkout and its lines, or nothing when `checkId` is given and another send of that check
 * committed first (undefined). PostgreSQL: one statement, the lines inserted from the checkout's RETURNING in
 * a data-modifying WITH (one array per column, so every checkout is the same prepared statement): a round
 * trip less for every checkout. A checkout without a checkId never meets the conflict (NULLs are distinct).
 */
async function insertCheckout(
  trx: Trx,
  row: Insertable<Database['checkouts']>,
  lines: CheckoutLine[],
): Promise<{ id: number } | undefined> {
  if (!isPostgres(trx)) {
    const inserted = await trx
      .insertInto('checkouts')
      .values(row)
      .$if(row.check_id != null, (qb) => qb.onConflict((oc) => oc.column('check_id').doNothing()))
      .returning('id')
      .executeTakeFirst();
    if (inserted) await insertLines(trx, inserted.id, lines);
    return inserted;
  }
  const column = <K extends keyof CheckoutLine>(key: K) => lines.map((line) => line[key]);
  const { rows } = await sql<{ id: number }>`
    with c as (
      insert into checkouts
        (bungalow, created_at, guest_name, total, stay_id, check_id, recorded_by, late_charge, unverified,
          guest_id, keyed)
      values (${row.bungalow}, ${row.created_at}, ${row.guest_name}, ${row.total}, ${row.stay_id ?? null},
        ${row.check_id ?? null}, ${row.recorded_by}, ${row.late_charge ?? 0}, ${row.unverified ?? 0},
        ${row.guest_id ?? null}, ${row.keyed ?? 0})
      on conflict (check_id) do nothing
      returning id
    ), l as (
      insert into checkout_lines (checkout_id, drink_id, drink_name, quantity, unit_price, line_total)
      select c.id, v.* from c, unnest(${column('drinkId')}::integer[], ${column('drinkName')}::text[],
        ${column('quantity')}::integer[], ${column('unitPrice')}::integer[], ${column('lineTotal')}::integer[]) as v
    )
    select id from c`.execute(trx);
  return rows[0];
}

/** The drinks a send counts as missing (zeros are not lines). */
function wantedItems(input: CheckoutInput) {
  return input.items.filter((item) => item.missing > 0);
}

/** Same counts: the same drinks with the same missing numbers (zeros are not lines). */
function sameCounts(input: CheckoutInput, lines: readonly CheckoutLine[]): boolean {
  const wanted = wantedItems(input);
  if (wanted.length !== lines.length) return false;
  const stored = new Map(lines.map((line) => [line.drinkId, line.quantity]));
  return wanted.every((item) => stored.get(item.drinkId) === item.missing);
}

/** The public answer: a stay's guest name never leaves the server here (see RecordedCheckout). */
function answer(row: StoredCheck, lines: CheckoutLine[], document?: TaxDocument): RecordedCheckout {
  return {
    id: row.id,
    bungalow: row.bungalow,
    createdAt: row.created_at,
    ...(row.stay_id === null ? { guestName: row.guest_name } : {}),
    total: row.total,
    lines,
    ...(row.check_id ? { checkId: row.check_id } : {}),
    revisedAt: row.revised_at,
    ...(document ? { document } : {}),
  };
}

interface SettledRead {
  payments: number | string;
  invoices: number | string;
  settings_json: string | null;
}

/**
 * Whether a recorded check is settled (DESIGN.md, "Settled checks"): 2 hours after it was first recorded, or
 * once a payment was recorded on it, it has a full tax invoice, or its resort day is closed. Read only when a
 * send changes the counts. Answers the settings too, which the revision numbers its document with.
 */
async function settledCheck(trx: Trx, existing: StoredCheck, at: string) {
  const { rows } = await sql<SettledRead>`
    select
      (select count(*) from checkout_payments where checkout_id = ${existing.id} and method is not null)
        as payments,
      (select count(*) from tax_documents where checkout_id = ${existing.id} and type = 'full') as invoices,
      (select value from settings where key = 'resort') as settings_json`.execute(trx);
  const row = rows[0];
  const taxContext = taxContextOf(row?.settings_json);
  if (Date.parse(at) - Date.parse(existing.created_at) >= taxLimits.settleAfterMs) {
    return { settled: true, taxContext };
  }
  if (Number(row?.payments ?? 0) > 0 || Number(row?.invoices ?? 0) > 0) return { settled: true, taxContext };
  const closed = await trx
    .selectFrom('day_closes')
    .select('id')
    .where('day', '=', localDayOf(existing.created_at, taxContext.timeZone))
    .where('reopened_at', 'is', null)
    .executeTakeFirst();
  return { settled: closed !== undefined, taxContext };
}

/**
 * A revision's tax documents: with tax on, a new abbreviated invoice replaces the standing one (the revision's
 * audit event, `revisedEvent`, carries its number); with tax off, the standing one is only marked replaced (no
 * new number is issued).
 */
async function reviseDocument(
  trx: Trx,
  existing: StoredCheck,
  total: number,
  { tax, timeZone }: TaxContext,
  change: Change,
  revisedEvent: (documentNumber?: string) => AuditEntry,
): Promise<TaxDocument | undefined> {
  const old = await currentDocumentRow(trx, existing.id);
  const standing = old?.status === 'issued' ? old : undefined;
  // Seventh stage: the sale's month has ended (a revision just after midnight on the 1st), so its invoice
  // stands as filed and a note in this month carries the difference (tax-months.ts).
  if (standing && changeOfSale(standing, change.at, timeZone) === 'note') {
    const adjusted = standing;
    const note = await issueNote(
      trx,
      { adjusted, bungalow: existing.bungalow, before: existing.total, after: total, reason: null },
      { tax, timeZone },
      change,
      (number) => [revisedEvent(number)],
    );
    if (!note) await appendAudit(trx, revisedEvent());
    return documentOf(adjusted);
  }
  if (!tax) {
    await appendAudit(trx, revisedEvent());
    if (standing) await replaceDocument(trx, standing, null, existing.bungalow, change);
    return old ? documentOf({ ...old, ...(standing ? { status: 'replaced' } : {}) }) : undefined;
  }
  const issue = {
    type: 'abb' as const,
    checkoutId: existing.id,
    bungalow: existing.bungalow,
    total,
    tax,
    timeZone,
    replaces: standing?.number ?? null,
  };
  const stored = await issueDocument(trx, issue, change, (number) => [revisedEvent(number)]);
  if (standing) await replaceDocument(trx, standing, stored.number, existing.bungalow, change);
  return documentOf(stored);
}

export function createCheckoutsRepo({ kysely, dialect }: Db) {
  /** The record of a check, locked on PostgreSQL so that two revisions of one check take turns. */
  const findCheck = (trx: Trx, checkId: string) =>
    trx
      .selectFrom('checkouts')
      .select([
        'id',
        'bungalow',
        'created_at',
        'guest_name',
        'total',
        'voided_at',
        'stay_id',
        'check_id',
        'revised_at',
      ])
      .where('check_id', '=', checkId)
      .$if(dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();

  /** Another send of a recorded check: the same counts change nothing; changed counts revise the record. */
  async function sendAgain(
    trx: Trx,
    existing: StoredCheck,
    input: CheckoutInput,
    change: Change,
    gate: WriteGate,
  ): Promise<RecordOutcome> {
    const { at } = change;
    if (existing.bungalow !== input.bungalow) {
      throw new HttpError(
        409,
        'conflict',
        `This check was recorded for bungalow ${existing.bungalow} (#${existing.id}): start a new check for bungalow ${input.bungalow}`,
      );
    }
    if (existing.voided_at !== null) {
      throw new HttpError(
        409,
        'conflict',
        `Checkout #${existing.id} of this check was voided by staff: start a new check to record it again`,
      );
    }
    const previousLines = await linesOf(trx, existing.id);
    if (sameCounts(input, previousLines)) {
      const document = await currentDocumentRow(trx, existing.id);
      return {
        outcome: 'repeated',
        checkout: answer(existing, previousLines, document ? documentOf(document) : undefined),
      };
    }
    // A closed day is closed (sixth stage): on PostgreSQL the close locks checkouts in share mode before it
    // reads its figures. The lock a revision's write needs is taken here, before the day's close is read: a
    // close already holding its lock is waited for and then read (409 settled), and a close coming later
    // waits for this revision and counts it. On SQLite the write lock already orders the two.
    if (dialect === 'postgres') await sql`lock table checkouts in row exclusive mode`.execute(trx);
    // Tax documents (fifth stage): a settled check's counts stand; staff void it and record a new one.
    const { settled, taxContext } = await settledCheck(trx, existing, at);
    if (settled) throw new HttpError(409, 'settled', taxMessages.settled);

    const wanted = wantedItems(input);
    if (wanted.length === 0) throw validationFailed(toastTexts.noItemsSelected);
    const read = await readSend(trx, input, wanted);
    const { lines, total, fridge } = priceLines(input, wanted, read, previousLines);
    await gate.beforeWrite(trx, input.bungalow);
    await trx
      .insertInto('checkout_revisions')
      .values({
        checkout_id: existing.id,
        bungalow: existing.bungalow,
        recorded_at: existing.revised_at ?? existing.created_at,
        replaced_at: at,
        total: existing.total,
        lines: JSON.stringify(previousLines),
      })
      .execute();
    await trx.deleteFrom('checkout_lines').where('checkout_id', '=', existing.id).execute();
    await insertLines(trx, existing.id, lines);
    await trx
      .updateTable('checkouts')
      // A check revised by an unknown sender is an unknown sender's from then on: past the sticker's cap
      // (decision 165), and with a rotated key or none (seventh stage), not only the former.
      .set({ total, revised_at: at, ...(gate.unverified ? { unverified: 1, keyed: 0 } : {}) })
      .where('id', '=', existing.id)
      .execute();
    // A recount sent for the bungalow answers its open check request too (an unknown sender's never does).
    if (read.openRequest && !gate.unverified) {
      await answerCheckRequestsByCheckout(
        trx,
        { id: existing.id, bungalow: existing.bungalow, total },
        change,
      );
    }
    const document = await reviseDocument(trx, existing, total, taxContext, change, (documentNumber) => ({
      ...change,
      action: 'checkout.revised',
      subject: subject('checkout', existing.id),
      details: {
        bungalow: existing.bungalow,
        before: { total: existing.total, lines: previousLines },
        after: { total, lines },
        ...(documentNumber ? { documentNumber } : {}),
        // With stock on, the difference moved between the fridge and the guest (the trail's replay reads it).
        ...(fridge.on ? { fromFridge: true } : {}),
      },
    }));
    const soldCost = await moveSold(trx, {
      bungalow: existing.bungalow,
      change,
      document: { type: 'revision', id: existing.id },
      before: previousLines,
      after: lines,
      fridge,
    });
    // Last in the transaction: see running-totals.ts.
    await reviseCheckout(trx, {
      bungalow: existing.bungalow,
      createdAt: existing.created_at,
      previousLines,
      lines,
      soldCost,
    });
    return { outcome: 'revised', checkout: answer({ ...existing, total, revised_at: at }, lines, document) };
  }

  return {
    /**
     * One transaction: the guest, the prices, the stored checkout and the running totals are read and
     * written together, so a checkout is never half-written and always carries the prices of its moment.
     * With a checkId, the unique index on it decides which of several simultaneous sends creates the record;
     * the others wait for it and then answer as a repeat (or a revision) of it.
     */
    record(input: CheckoutInput, change: Change, gate: WriteGate): Promise<RecordOutcome> {
      const { at } = change;
      return kysely.transaction().execute(async (trx) => {
        await gate.beforeRead?.(trx, input.bungalow);
        const checkId = input.checkId;
        if (checkId) {
          const existing = await findCheck(trx, checkId);
          if (existing) return sendAgain(trx, existing, input, change, gate);
        }

        const wanted = wantedItems(input);
        const read = await readSend(trx, input, wanted);
        // The spec refuses a missing guest before an empty check or an unknown drink.
        const guest = chargedGuest(read.stay, read.fallback, at);
        if (wanted.length === 0) throw validationFailed(toastTexts.noItemsSelected);
        const { lines, total, fridge } = priceLines(input, wanted, read);
        await gate.beforeWrite(trx, input.bungalow);

        const inserted = await insertCheckout(
          trx,
          {
            bungalow: input.bungalow,
            created_at: at,
            guest_name: guest.name,
            total,
            stay_id: guest.stayId,
            guest_id: guest.guestId,
            check_id: checkId ?? null,
            recorded_by: JSON.stringify(auditActorOf(change.actor)),
            ...(guest.lateCharge ? { late_charge: 1 } : {}),
            ...(gate.unverified ? { unverified: 1 } : {}),
            ...(gate.keyed ? { keyed: 1 } : {}),
          },
          lines,
        );
        if (!inserted) {
          // Another send of this check committed first (the insert waited for it): answer as a resend.
          const existing = checkId ? await findCheck(trx, checkId) : undefined;
          if (!existing) throw new Error('A checkout with this checkId clashed but cannot be read');
          return sendAgain(trx, existing, input, change, gate);
        }
        // An unknown sender's check answers no request: a flood must not close the desk's requests.
        if (read.openRequest && !gate.unverified) {
          await answerCheckRequestsByCheckout(
            trx,
            { id: inserted.id, bungalow: input.bungalow, total },
            change,
          );
        }
        // The checkId is the device's secret: never in the audit, so never in a webhook or the live stream.
        const recordedEvent = (documentNumber?: string): AuditEntry => ({
          ...change,
          action: 'checkout.recorded',
          subject: subject('checkout', inserted.id),
          // Keys in their canonical order (canonical-json.ts then need not sort them).
          details: {
            bungalow: input.bungalow,
            ...(documentNumber ? { documentNumber } : {}),
            // With stock on, the lines' bottles left the fridge (the trail's replay rebuilds the balances).
            ...(fridge.on ? { fromFridge: true } : {}),
            ...(guest.lateCharge ? { lateCharge: true } : {}),
            lines,
            total,
            ...(gate.unverified ? { unverified: true } : {}),
          },
        });
        const { tax, timeZone } = read.taxContext;
        if (!tax) await appendAudit(trx, recordedEvent());
        const soldCost = await moveSold(trx, {
          bungalow: input.bungalow,
          change,
          document: { type: 'checkout', id: inserted.id },
          before: [],
          after: lines,
          fridge,
        });
        // Last in the transaction: see running-totals.ts. Tax documents (fifth stage): the month's counter row is
        // the busiest lock of all, so the number comes last too; on PostgreSQL in the running totals' statement,
        // so that the rows of both are held for one round trip and the COMMIT (docs/decisions/110).
        const counted = { bungalow: input.bungalow, createdAt: at, lines, soldCost };
        let document: TaxDocument | undefined;
        if (!tax) {
          await countCheckout(trx, counted);
        } else {
          const issue = {
            type: 'abb' as const,
            checkoutId: inserted.id,
            bungalow: input.bungalow,
            total,
            tax,
            timeZone,
            replaces: null,
          };
          // The checkout's own event carries its number, appended with the document's.
          const withNumber = (number: string) => [recordedEvent(number)];
          if (isPostgres(trx)) {
            const statement = issueStatement(issue, change, withNumber);
            document = documentOf(statement.stored(await countCheckout(trx, counted, statement)));
          } else {
            await countCheckout(trx, counted);
            document = documentOf(await issueDocument(trx, issue, change, withNumber));
          }
        }

        const row: StoredCheck = {
          id: inserted.id,
          bungalow: input.bungalow,
          created_at: at,
          guest_name: guest.name,
          total,
          voided_at: null,
          stay_id: guest.stayId,
          check_id: checkId ?? null,
          revised_at: null,
        };
        return { outcome: 'created', checkout: answer(row, lines, document) };
      });
    },
  };
}
