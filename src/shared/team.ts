/**
 * The resort's team: who may do what. One table (DESIGN.md, "The resort's team"), read by the server's guard
 * on every route and by the workspace to hide what a role cannot use: never a second list elsewhere.
 */

export const staffRoles = ['manager', 'desk', 'housekeeping'] as const;
export type StaffRole = (typeof staffRoles)[number];
/** The owner signs in with the spec's admin password and has every right. */
export type Role = 'owner' | StaffRole;

/** The rows of the rights table. */
export const rights = [
  'catalogue',
  'team',
  'frontDesk',
  'void',
  'fridge',
  'oversight',
  'live',
  'integrations',
  'stockRead',
  'stock',
  'stockCosts',
  'breakage',
  // Guests' personal data (fifth stage)
  'guestData',
] as const;
export type Right = (typeof rights)[number];

/** `approval`: allowed when a manager on the same device approves with their PIN (a desk void). */
export type Grant = 'yes' | 'no' | 'approval';

export const rightsTable: Record<Right, Record<Role, Grant>> = {
  // drinks, prices, sections, settings
  catalogue: { owner: 'yes', manager: 'yes', desk: 'no', housekeeping: 'no' },
  // staff and devices; a manager may not create, change or deactivate a manager (checked by the staff routes)
  team: { owner: 'yes', manager: 'yes', desk: 'no', housekeeping: 'no' },
  // stays, the spec's guest, payments, history, reports, export, close the day, ask for a check
  frontDesk: { owner: 'yes', manager: 'yes', desk: 'yes', housekeeping: 'no' },
  void: { owner: 'yes', manager: 'yes', desk: 'approval', housekeeping: 'no' },
  // record a fridge check, answer a check request, the restock list and restock
  fridge: { owner: 'yes', manager: 'yes', desk: 'yes', housekeeping: 'yes' },
  // activity (audit), reopen a closed day
  oversight: { owner: 'yes', manager: 'yes', desk: 'no', housekeeping: 'no' },
  // the live event stream and the open check requests: any session
  live: { owner: 'yes', manager: 'yes', desk: 'yes', housekeeping: 'yes' },
  // the webhooks that other systems (a PMS, the books, a chat app) hear the audit through
  integrations: { owner: 'yes', manager: 'yes', desk: 'no', housekeeping: 'no' },
  // stock (the fourth stage): read what is on hand (the storeroom, the fridges; never a cost)
  stockRead: { owner: 'yes', manager: 'yes', desk: 'yes', housekeeping: 'no' },
  // start stock, deliveries, counts, pars, write-offs, the ledger's moves
  stock: { owner: 'yes', manager: 'yes', desk: 'no', housekeeping: 'no' },
  // costs: average cost and value on hand, margin, the buy list
  stockCosts: { owner: 'yes', manager: 'yes', desk: 'no', housekeeping: 'no' },
  // write off a broken bottle in a fridge (any other write-off is `stock`)
  breakage: { owner: 'yes', manager: 'yes', desk: 'no', housekeeping: 'yes' },
  // Guests' personal data (fifth stage): find, export and erase a guest
  guestData: { owner: 'yes', manager: 'yes', desk: 'no', housekeeping: 'no' },
};

export function grantOf(role: Role, right: Right): Grant {
  return rightsTable[right][role];
}

/** True when the role may use the right without anyone's approval. */
export function can(role: Role, right: Right): boolean {
  return grantOf(role, right) === 'yes';
}

export const roleNames: Record<Role, string> = {
  owner: 'Owner',
  manager: 'Manager',
  desk: 'Front desk',
  housekeeping: 'Housekeeping',
};

/** What a right lets a person do, for the 403's message: "Housekeeping cannot change drinks, ...". */
export const rightActions: Record<Right, string> = {
  catalogue: 'change drinks, prices, sections or settings',
  team: 'manage staff or devices',
  frontDesk: 'use stays, the guest record, payments, the history, reports or the day’s close',
  void: 'void a checkout',
  fridge: 'record fridge checks or restocks',
  oversight: 'read the activity log or reopen a closed day',
  live: 'follow the live desk',
  integrations: 'manage the webhooks of other systems',
  stockRead: 'read the stock',
  stock: 'receive deliveries, count stock, set pars or write off bottles',
  stockCosts: 'read stock costs',
  breakage: 'write off a broken bottle',
  // Guests' personal data (fifth stage)
  guestData: 'find, export or erase a guest’s personal data',
};

export function forbiddenMessage(role: Role, right: Right): string {
  const hint = grantOf(role, right) === 'approval' ? ' without a manager’s approval' : '';
  return `${roleNames[role]} cannot ${rightActions[right]}${hint}`;
}

export interface DeviceRef {
  id: number;
  name: string;
}

/**
 * Who did something: the owner (the admin password), a person of the team, or a guest (an anonymous
 * checkout). Kept with every write "as they were": a later rename does not rewrite history.
 */
export type Actor =
  | { kind: 'owner'; id: null; name: string; role: 'owner'; device: DeviceRef | null }
  | { kind: 'staff'; id: number; name: string; role: StaffRole; device: DeviceRef | null }
  | { kind: 'guest'; id: null; name: string; role: 'guest'; device: null };

export const ownerName = 'Owner';
export const guestName = 'guest';

export const guestActor: Actor = { kind: 'guest', id: null, name: guestName, role: 'guest', device: null };

export function ownerActor(device: DeviceRef | null = null): Actor {
  return { kind: 'owner', id: null, name: ownerName, role: 'owner', device };
}

/** "Noi on Desk tablet", "Owner": how the history and the activity name who did something. */
export function actorLabel(actor: Pick<Actor, 'name'> & { device: DeviceRef | null }): string {
  return actor.device ? `${actor.name} on ${actor.device.name}` : actor.name;
}
