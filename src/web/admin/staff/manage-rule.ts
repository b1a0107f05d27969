import type { Role, StaffRole } from '../../../shared/team';

/**
 * Only the owner creates, changes or deactivates a manager (DESIGN.md, "Staff accounts"); the staff routes
 * refuse it with 403. The rights table says who manages the team at all; this is the one rule within it.
 */
export const mayManage = (viewer: Role, person: StaffRole) => viewer === 'owner' || person !== 'manager';
