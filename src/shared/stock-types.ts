/**
 * Stock (DESIGN.md, "Stock: every bottle accounted for"): places, the ledger's moves and what the stock
 * endpoints answer. Shared by the server's handlers and the admin pages.
 */

/** Places where bottles are kept: the storeroom and each bungalow's fridge (`fridge:12`). */
export type FridgePlace = `fridge:${number}`;
export type InsidePlace = 'storeroom' | FridgePlace;
/** Where bottles come from and go to outside the resort's shelves. */
export const outsidePlaces = ['supplier', 'guest', 'write-off', 'count'] as const;
export type OutsidePlace = (typeof outsidePlaces)[number];
/** A place as JSON carries it: `storeroom`, `fridge:12`, `supplier`, `guest`, `write-off` or `count`. */
export type Place = InsidePlace | OutsidePlace;

export const storeroom = 'storeroom' satisfies Place;
export const fridgeOf = (bungalow: number): FridgePlace => `fridge:${bungalow}`;
/** The bungalow of a fridge place, else null. */
export function bungalowOf(place: string): number | null {
  const match = /^fridge:([1-9][0-9]{0,3})$/.exec(place);
  return match ? Number(match[1]) : null;
}
export function isInsidePlace(place: string): place is InsidePlace {
  return place === storeroom || bungalowOf(place) !== null;
}

/** What made a move: its document's type; `id` is that document's (a checkout's id for its revisions and void). */
export const stockDocumentTypes = [
  'start',
  'checkout',
  'revision',
  'void',
  'restock',
  'delivery',
  'count',
  'write-off',
] as const;
export type StockDocumentType = (typeof stockDocumentTypes)[number];

export interface StockDocumentRef {
  type: StockDocumentType;
  id: number;
}

/** One row of the ledger: bottles of one drink from one place to another. */
export interface StockMove {
  id: number;
  /** ISO 8601 UTC. */
  at: string;
  drinkId: number;
  /** Always > 0: the direction is from → to. */
  quantity: number;
  from: Place;
  to: Place;
  document: StockDocumentRef;
  /** Satang per bottle where it applies (deliveries; moves out of the storeroom and sales, issue 26). */
  unitCost?: number;
}

/** GET /api/stock/moves: newest first, 50 a page. */
export interface StockMovesPage {
  moves: StockMove[];
  hasMore: boolean;
}

export interface StockFridgeHolding {
  bungalow: number;
  quantity: number;
}

/** A drink of GET /api/stock. */
export interface StockDrink {
  drinkId: number;
  drinkName: string;
  packSize: number | null;
  /** False for a drink deleted from the catalogue with bottles still on hand ("no longer sold"). */
  sold: boolean;
  /** May be below zero: bottles left that no delivery brought in ("count needed"). */
  storeroom: number;
  /** The fridges together. */
  fridges: number;
  /** Each fridge holding this drink (quantity ≠ 0), by bungalow. */
  byFridge: StockFridgeHolding[];
  total: number;
  /** The storeroom is below zero: a count will set it right. */
  countNeeded: boolean;
  /** Owner and manager only: satang per bottle, null while no cost is known. */
  averageCost?: number | null;
  /** Owner and manager only: satang, total × averageCost (null without a cost). */
  value?: number | null;
  /** The storeroom's bottles with a date, earliest first (issue 26). */
  expiring?: ExpiringLot[];
}

/** Dated bottles of the storeroom: `expiresOn` YYYY-MM-DD. */
export interface ExpiringLot {
  expiresOn: string;
  quantity: number;
}

/** GET /api/stock: `{started: false}` until stock is started. */
export type StockState =
  | { started: false }
  | {
      started: true;
      /** ISO 8601 UTC. */
      startedAt: string;
      drinks: StockDrink[];
    };

/** POST /api/stock/start's answer (201). */
export interface StockStarted {
  startedAt: string;
  /** The opening moves: the storeroom's count and each listed fridge's bottles. */
  moved: number;
}

/** A drink of one fridge: its par and, with stock on, what it holds (with stock off, its par). */
export interface FridgeItem {
  drinkId: number;
  par: number;
  holds: number;
}

/** GET /api/fridges/:bungalow (anyone: counts only). */
export interface FridgeState {
  bungalow: number;
  /** Whether stock is on: else `holds` is the par (a fridge is taken as full at every check, as the spec). */
  stock: boolean;
  items: FridgeItem[];
}

export interface ParItem {
  drinkId: number;
  par: number;
}

/** GET /api/pars: only the overrides, per bungalow. */
export interface BungalowPars {
  bungalow: number;
  items: ParItem[];
}
export type ParsList = BungalowPars[];

export interface MovedLine {
  drinkId: number;
  quantity: number;
}

/** POST /api/restock/:bungalow's answer (201). */
export interface RestockDone {
  id: number;
  bungalow: number;
  restockedAt: string;
  /** What went from the storeroom into the fridge (empty with stock off). */
  moved: MovedLine[];
}

export interface DeliveryLine {
  drinkId: number;
  drinkName: string;
  quantity: number;
  /** Satang per bottle. */
  unitCost: number;
  /** YYYY-MM-DD or null. */
  expiresOn: string | null;
}

export interface Delivery {
  id: number;
  receivedAt: string;
  supplier: string | null;
  reference: string | null;
  lines: DeliveryLine[];
  /** Satang: the lines' quantity × unitCost. */
  totalCost: number;
  /** "Owner", "Noi on Desk tablet": as they were named then. */
  receivedBy: string;
}

/** GET /api/stock/deliveries: newest first, 50 a page. */
export interface DeliveriesPage {
  deliveries: Delivery[];
  hasMore: boolean;
}

export interface CountedLine {
  drinkId: number;
  /** What the place held as the count was posted, before the count's move. */
  before: number;
  /** What it holds after: `before + difference`. */
  after: number;
  /** Bottles found (> 0) or missing (< 0). */
  difference: number;
}

/** POST /api/stock/counts's answer (201). */
export interface StockCount {
  id: number;
  place: InsidePlace;
  countedAt: string;
  lines: CountedLine[];
}

/** POST /api/stock/write-offs's answer (201). */
export interface StockWriteOff {
  id: number;
  place: InsidePlace;
  reason: string;
  writtenOffAt: string;
  lines: MovedLine[];
}

/** POST /api/stock/deliveries's answer (201). */
export type DeliveryRecorded = Delivery;

/** A drink line as the stock audit events carry it (the name as it was). */
export interface NamedLine {
  drinkId: number;
  drinkName: string;
  quantity: number;
}

/**
 * The details of the stock audit events, what the Activity page describes. `subject` is `{type: 'stock'}`
 * for `stock.started`, `{type: 'delivery' | 'count' | 'write-off', id}` for the documents, `{type: 'pars'}`
 * for `pars.changed`; `restock.done` stays `{type: 'bungalow', id}`.
 */
export interface StockStartedDetails {
  /** The storeroom's first count. */
  storeroom: NamedLine[];
  /** The bungalows whose fridges were taken as full at their pars less what the restock list said they lacked. */
  fridges: number[];
}

export interface StockReceivedDetails {
  deliveryId: number;
  supplier: string | null;
  reference: string | null;
  lines: (NamedLine & { unitCost: number; expiresOn: string | null })[];
  /** Satang. */
  totalCost: number;
}

export interface StockCountedDetails {
  countId: number;
  place: InsidePlace;
  note: string | null;
  /**
   * Per line: `expected` → `counted` is what the counter saw ("Chang 46 → 40, −6"); `before` → `after` is
   * what the place held at posting and after the count's move (`difference`). See decision 080.
   */
  lines: {
    drinkId: number;
    drinkName: string;
    expected: number;
    counted: number;
    difference: number;
    before: number;
    after: number;
  }[];
}

export interface StockWrittenOffDetails {
  writeOffId: number;
  place: InsidePlace;
  reason: string;
  note: string | null;
  lines: NamedLine[];
}

export interface ParsChangedDetails {
  bungalows: number[];
  /** The new pars; null when the bungalows went back to the catalogue's (`DELETE /api/pars/:bungalow`). */
  items: (ParItem & { drinkName: string })[] | null;
}

/** `restock.done`: `refilled` (stock off: what was taken since the last restock, by name) and `moved`. */
export interface RestockDoneDetails {
  restockId: number;
  refilled: { drinkName: string; units: number }[];
  /** With stock on: what went from the storeroom into the fridge. */
  moved: NamedLine[];
}
