import type { StaffRole } from './team';

/** What the team's endpoints answer (DESIGN.md, "The resort's team"). */

/** GET /api/staff, POST /api/staff, PUT /api/staff/:id. */
export interface StaffMember {
  id: number;
  name: string;
  role: StaffRole;
  active: boolean;
  /** Ten wrong PINs in a row: the person cannot sign in until a manager sets a new PIN. */
  pinBlocked: boolean;
}

/** GET /api/staff/roster: the names "Who is working?" shows (active staff only). */
export interface RosterEntry {
  id: number;
  name: string;
  /** Whether this person may approve a desk's void (a manager): the approval offers only them. */
  approvesVoids: boolean;
}

/** GET /api/devices, POST /api/devices (201). */
export interface Device {
  id: number;
  name: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC of the last request from it (kept to the minute), or null when never used since. */
  lastUsedAt: string | null;
  /** ISO 8601 UTC when revoked (its sessions ended then), else null. */
  revokedAt: string | null;
  /** True for the browser that asked. */
  current: boolean;
}

/** POST /api/devices/pairing (201): shown as text and as a QR code for the phone to register. */
export interface PairingCode {
  /** 8 characters; single use. */
  code: string;
  /** ISO 8601 UTC: 15 minutes after it was made. */
  expiresAt: string;
}
