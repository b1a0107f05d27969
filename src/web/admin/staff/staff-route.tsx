import '../zod-jitless';
import type { StaffCreateInput, StaffUpdateInput } from '../../../shared/team-schemas';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import {
  addStaff,
  changeStaff,
  fetchDevices,
  fetchStaff,
  makePairingCode,
  registerDevice,
  revokeDevice,
} from '../team/team-api';
import { usePageData } from '../use-page-data';
import { DevicesSection } from './devices';
import { StaffSection } from './staff-list';

/** /admin/staff (owner and managers): the people of the team and the devices they sign in on. */

export const loader = pageLoader(() => ({
  staff: reportLoadFailure(fetchStaff()),
  devices: reportLoadFailure(fetchDevices()),
}));

export type StaffCommand =
  | { intent: 'add-person'; person: StaffCreateInput }
  | { intent: 'change-person'; id: number; change: StaffUpdateInput }
  | { intent: 'set-pin'; id: number; pin: string }
  | { intent: 'set-active'; id: number; active: boolean }
  | { intent: 'register-device'; name: string }
  | { intent: 'make-pairing' }
  | { intent: 'revoke-device'; id: number };

export const action = pageAction<StaffCommand>({
  run: (command) => {
    switch (command.intent) {
      case 'add-person':
        return addStaff(command.person);
      case 'change-person':
        return changeStaff(command.id, command.change);
      case 'set-pin':
        return changeStaff(command.id, { pin: command.pin });
      case 'set-active':
        return changeStaff(command.id, { active: command.active });
      case 'register-device':
        return registerDevice(command.name);
      case 'make-pairing':
        return makePairingCode();
      case 'revoke-device':
        return revokeDevice(command.id);
    }
  },
  success: {
    'add-person': ({ a }) => a.personAdded,
    'change-person': ({ a }) => a.personChanged,
    'set-pin': ({ a }) => a.pinSet,
    'set-active': ({ a }) => a.personChanged,
    'register-device': ({ a }) => a.deviceRegistered,
    'revoke-device': ({ a }) => a.deviceRevoked,
  },
  failure: {
    // The forms show the server's reasons (a name taken, a PIN too easy) under their fields.
    'add-person': null,
    'change-person': null,
    'set-pin': null,
    'register-device': null,
    'set-active': ({ a }) => a.failedToSaveStaff,
    'make-pairing': ({ a }) => a.failedToPair,
    'revoke-device': ({ a }) => a.failedToRevoke,
  },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  return (
    <div className="grid items-start gap-4 xl:grid-cols-2">
      <PageSection id="staff" title={a.pageStaff}>
        <StaffSection staff={data.staff} />
      </PageSection>
      <PageSection id="devices" title={a.devices}>
        <DevicesSection devices={data.devices} />
      </PageSection>
    </div>
  );
}
