import '../zod-jitless';
import type { StayInput } from '../../../shared/stay-schemas';
import { fetchDrinks, fetchGuest } from '../../api';
import { askForCheck, endStay, fetchBungalows, fetchCheckRequests, saveStay } from '../admin-api';
import {
  mergeActionSpecs,
  type PageActionSpec,
  pageAction,
  pageLoader,
  reportLoadFailure,
} from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { liveFilters, useLiveRevalidate } from '../live/use-live';
import { PageSection } from '../page-section';
import { fetchPars, resetPars, savePars } from '../stock/stock-api';
import { useGrant } from '../team/session-context';
import { usePageData } from '../use-page-data';
import { guestCommands } from './guest-commands';
import { GuestSection } from './guest-form';
import { type ParsCommand, ParsSection } from './pars';
import { type BungalowRow, StaysSection } from './stays';

/**
 * /admin/bungalows: the bungalows and who stays in them (stays: check in, edit, check out, past stays), and
 * the spec's one Guest Information form, which a checkout falls back to when its bungalow has no stay.
 */

/** The bungalows, each with its open check request (the desk's "waiting for housekeeping"). */
async function loadBungalows(): Promise<BungalowRow[]> {
  const [bungalows, requests] = await Promise.all([fetchBungalows(), fetchCheckRequests()]);
  return bungalows.map((entry) => ({
    ...entry,
    checkRequest: requests.find((request) => request.bungalow === entry.bungalow),
  }));
}

export const loader = pageLoader(() => ({
  guest: reportLoadFailure(fetchGuest()),
  bungalows: reportLoadFailure(loadBungalows()),
  pars: reportLoadFailure(Promise.all([fetchPars(), fetchDrinks()])),
}));

type StayCommand =
  | { intent: 'check-in' | 'update-stay'; bungalow: number; stay: StayInput }
  | { intent: 'end-stay'; bungalow: number; guestName: string }
  | { intent: 'ask-check'; bungalow: number };

const stayCommands: PageActionSpec<StayCommand> = {
  run: (command) => {
    if (command.intent === 'end-stay') return endStay(command.bungalow);
    if (command.intent === 'ask-check') return askForCheck(command.bungalow);
    return saveStay(command.bungalow, command.stay);
  },
  success: {
    'check-in': ({ a }) => a.guestCheckedIn,
    'update-stay': ({ a }) => a.stayUpdated,
    'end-stay': ({ a }) => a.guestCheckedOut,
    'ask-check': ({ a }) => a.checkAsked,
  },
  failure: {
    'check-in': null,
    'update-stay': null,
    'end-stay': ({ a }) => a.failedToCheckOut,
    'ask-check': ({ a }) => a.failedToAskForCheck,
  },
};

const parsCommands: PageActionSpec<ParsCommand> = {
  run: (command) =>
    command.intent === 'reset-pars'
      ? resetPars(command.bungalow)
      : savePars({ bungalows: command.bungalows, items: command.items }),
  success: { 'set-pars': ({ a }) => a.parsSaved, 'reset-pars': ({ a }) => a.parsReset },
  // The form shows why a save failed; a reset says so in a toast.
  failure: { 'set-pars': null, 'reset-pars': ({ a }) => a.failedToResetPars },
};

export const action = pageAction(
  mergeActionSpecs(mergeActionSpecs(guestCommands, stayCommands), parsCommands),
);

export function Component() {
  const data = usePageData<typeof loader>();
  const { t, a } = useAdminI18n();
  useLiveRevalidate((event) => liveFilters.bungalows(event) || liveFilters.pars(event));
  const showPars = useGrant('stockRead') === 'yes';
  if (!data) return null;
  return (
    <div className="flex flex-col gap-6">
      <PageSection id="stays" title={a.guestsInBungalows}>
        <StaysSection bungalows={data.bungalows} />
      </PageSection>
      {showPars && (
        <PageSection id="pars" title={a.parsTitle}>
          <ParsSection pars={data.pars} />
        </PageSection>
      )}
      <PageSection id="guest" title={t.guestInformation}>
        <p className="mb-3 text-slate-700">{a.guestRecordIntro}</p>
        <GuestSection guest={data.guest} />
      </PageSection>
    </div>
  );
}
