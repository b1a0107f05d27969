/** The PMS connection as answered (DESIGN.md, "The charge reaches the guest's bill"): never a credential. */
export const pmsKinds = ['cloudbeds', 'mews'] as const;
export type PmsKind = (typeof pmsKinds)[number];

/** Each kind as the vendor writes its name. */
export const pmsLabels: Record<PmsKind, string> = { cloudbeds: 'Cloudbeds', mews: 'Mews' };

/**
 * Each kind's API URL when none is given: Cloudbeds' API, Mews' demo environment (Mews' PlatformAddress for
 * production is https://api.mews.com; docs/pms.md).
 */
export const pmsDefaultApiUrls: Record<PmsKind, string> = {
  cloudbeds: 'https://api.cloudbeds.com/api/v1.3',
  mews: 'https://api.mews-demo.com',
};

export interface PmsConnection {
  kind: PmsKind;
  apiUrl: string;
  /** Cloudbeds' property ID (null for Mews). */
  propertyId: string | null;
  /** Mews: the service (bar, minibar) the orders are added to, and the tax rate code for VAT (null for Cloudbeds). */
  serviceId: string | null;
  taxCode: string | null;
  /** The secrets are set (they are never answered back): Cloudbeds' API key, Mews' client and access tokens. */
  apiKeySet: boolean;
  clientTokenSet: boolean;
  accessTokenSet: boolean;
  health: {
    /** The last audit seq posted or passed over. */
    postedUpTo: number;
    failuresInRow: number;
    failingSince: string | null;
    nextAttemptAt: string | null;
    /** What went wrong on the last try that did not reach the PMS. */
    lastError: string | null;
  };
  createdAt: string;
  updatedAt: string;
}

/** What the PMS said to "test connection". */
export interface PmsTestAnswer {
  ok: boolean;
  message: string;
}

export interface PmsRoomOption {
  roomId: string;
  roomName: string;
}

export interface PmsRoomMapping {
  bungalow: number;
  roomId: string;
  roomName: string;
}

export interface PmsItemMapping {
  drinkId: number;
  itemCode: string;
}

export interface PmsMappings {
  rooms: PmsRoomMapping[];
  items: PmsItemMapping[];
}

/** A proposal: each bungalow to the room whose name is its number, each drink to a code from its name. */
export interface PmsMappingProposal extends PmsMappings {
  /** The PMS's rooms, to correct a proposal by hand. */
  roomOptions: PmsRoomOption[];
}

export const pmsPostingStates = ['posted', 'failed', 'voided', 'settled'] as const;

/**
 * How a failed posting's reason starts when the guest had checked out in the PMS and the PMS refused the charge
 * on their departed reservation. What the round reads is the posting's `settleAtDesk`, not these words.
 */
export const settleAtDeskReason = 'The guest has left and the PMS refused the charge: settle at the desk';
export type PmsPostingState = (typeof pmsPostingStates)[number];

export interface PmsPosting {
  checkoutId: number;
  bungalow: number;
  state: PmsPostingState;
  /** Why it could not post: the PMS's own words where it gave them. */
  reason: string | null;
  /**
   * Failed on a departed reservation (a check made after the guest checked out in the PMS, which the PMS refused):
   * the desk collects the amount ("settle at the desk").
   */
  settleAtDesk: boolean;
  reservationId: string | null;
  reference: string | null;
  postedTotal: number | null;
  updatedAt: string;
}
