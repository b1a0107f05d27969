import { createContext, useContext } from 'react';
import type { SessionState } from '../../../shared/api-types';
import { type Grant, grantOf, type Right, type Role } from '../../../shared/team';

/**
 * The workspace's session (who is signed in, on which device), handed to its pages by the workspace, so a
 * page shows only the buttons its reader's role can use: read from shared/team.ts's rights table, never a
 * second list here.
 */
export const SessionContext = createContext<SessionState | null>(null);

export function useSession(): SessionState | null {
  return useContext(SessionContext);
}

/** The signed-in person's role, or null with no session. */
export function useRole(): Role | null {
  const session = useSession();
  return session?.authenticated ? (session.user?.role ?? 'owner') : null;
}

/** What the signed-in person may do with a right: 'yes', 'no', or 'approval' (a desk void). */
export function useGrant(right: Right): Grant {
  const role = useRole();
  return role ? grantOf(role, right) : 'no';
}
