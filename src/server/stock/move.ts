import type { Place, StockDocumentRef } from '../../shared/stock-types';

/** A bottle's movement as the ledger writes it (ledger.ts); the figures it keeps read the same shape. */
export interface Move {
  drinkId: number;
  /** > 0; the direction is from → to. */
  quantity: number;
  from: Place;
  to: Place;
  /** Satang per bottle, where it applies. */
  unitCost?: number | null;
  /** For the message when a fridge does not hold enough; not stored. */
  drinkName?: string;
}

export interface MoveBatch {
  /** ISO 8601 UTC: the document's moment. */
  at: string;
  document: StockDocumentRef;
  moves: readonly Move[];
}
