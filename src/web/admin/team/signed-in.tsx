import { UserRound } from 'lucide-react';
import type { SessionUser } from '../../../shared/api-types';
import type { DeviceRef } from '../../../shared/team';
import { useAdminI18n } from '../admin-i18n';
import { roleLabel } from './role-label';

/** The header's "who is signed in": the name, the role, and the device it is on. */
export function SignedIn({ user, device }: { user: SessionUser; device: DeviceRef | null }) {
  const { a } = useAdminI18n();
  return (
    <p className="flex items-center gap-2 text-slate-800">
      <UserRound aria-hidden="true" className="size-6 shrink-0 text-brand-700" />
      <span>
        <span className="sr-only">{a.signedInAs} </span>
        {/* The owner's name is the API's English "Owner": said in the page's language. */}
        <span className="block font-semibold">{user.role === 'owner' ? a.roleOwner : user.name}</span>
        <span className="block text-sm text-slate-600">
          {roleLabel(a, user.role)}
          {device && ` · ${device.name}`}
        </span>
      </span>
    </p>
  );
}
