import '../zod-jitless';
import type { GuestInput } from '../../../shared/schemas';
import type { StayInput } from '../../../shared/stay-schemas';
import { fetchGuest, saveGuest } from '../../api';
import { endStay, fetchBungalows, saveStay } from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { GuestSection } from './guest-form';
import { StaysSection } from './stays';

/**
 * /admin/bungalows: the bungalows and who stays in them (stays: check in, edit, check out, past stays), and
 * the spec's one Guest Information form, which a checkout falls back to when its bungalow has no stay.
 */

export const loader = pageLoader(() => ({
  guest: reportLoadFailure(fetchGuest()),
  bungalows: reportLoadFailure(fetchBungalows()),
}));

export type BungalowsCommand =
  | { intent: 'save-guest'; guest: GuestInput }
  | { intent: 'check-in' | 'update-stay'; bungalow: number; stay: StayInput }
  | { intent: 'end-stay'; bungalow: number; guestName: string };

export const action = pageAction<BungalowsCommand>({
  run: (command) => {
    if (command.intent === 'save-guest') return saveGuest(command.guest);
    if (command.intent === 'end-stay') return endStay(command.bungalow);
    return saveStay(command.bungalow, command.stay);
  },
  success: {
    'save-guest': ({ t }) => t.toastGuestUpdated,
    'check-in': ({ a }) => a.guestCheckedIn,
    'update-stay': ({ a }) => a.stayUpdated,
    'end-stay': ({ a }) => a.guestCheckedOut,
  },
  failure: {
    'save-guest': ({ t }) => t.toastFailedToSaveGuest,
    'check-in': null,
    'update-stay': null,
    'end-stay': ({ a }) => a.failedToCheckOut,
  },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { t, a } = useAdminI18n();
  if (!data) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageSection id="stays" title={a.guestsInBungalows}>
        <StaysSection bungalows={data.bungalows} />
      </PageSection>
      <PageSection id="guest" title={t.guestInformation}>
        <p className="mb-3 text-slate-700">{a.guestRecordIntro}</p>
        <GuestSection guest={data.guest} />
      </PageSection>
    </div>
  );
}
