import type { AdminMessages } from '../../../shared/i18n/admin-en';
import type { Role } from '../../../shared/team';

const roleKeys = {
  owner: 'roleOwner',
  manager: 'roleManager',
  desk: 'roleDesk',
  housekeeping: 'roleHousekeeping',
} as const satisfies Record<Role, keyof AdminMessages>;

/** A role's name in the page's language (shared/team.ts's roleNames are the API's English). */
export const roleLabel = (a: AdminMessages, role: Role) => a[roleKeys[role]];
