import '../zod-jitless';
import type { SessionState } from '../../../shared/api-types';
import { localDayOf } from '../../../shared/local-days';
import { dayStringSchema } from '../../../shared/staff-schemas';
import { can, type Role } from '../../../shared/team';
import { loadPublicSettings } from '../../settings';
import { closeDay, fetchDay, reopenDay } from '../admin-api';
import { pageAction, pageLoader, reportLoadFailure, sessionFor } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';
import { PageSection } from '../page-section';
import { usePageData } from '../use-page-data';
import { CloseDayPage, type CloseDayView } from './close-page';

/**
 * /admin/close?day=YYYY-MM-DD: the resort day's money, the cash count and its close (today without `day`).
 * The day lives in the URL, so yesterday's reminder on the overview is a plain link.
 */

/**
 * Whether the signed-in person may reopen a closed day (right `oversight`), read from the rights table. On main
 * the session is the owner's (the admin password); the team's sign-ins add the person's role to it.
 */
const mayReopen = (session: SessionState & { user?: { role: Role } | null }) =>
  can(session.user?.role ?? 'owner', 'oversight');

async function loadView(asked: string | null, session: Promise<SessionState>): Promise<CloseDayView> {
  const [{ timeZone }, reopenAllowed] = await Promise.all([loadPublicSettings(), session.then(mayReopen)]);
  const today = localDayOf(Date.now(), timeZone);
  const day = asked ?? today;
  const base = { day, today, timeZone, mayReopen: reopenAllowed };
  if (!dayStringSchema.safeParse(day).success) return { ...base, summary: null, problem: 'invalid' };
  if (day > today) return { ...base, summary: null, problem: 'future' };
  return { ...base, summary: await fetchDay(day), problem: null };
}

export const loader = pageLoader(({ request }) => {
  const asked = new URL(request.url).searchParams.get('day');
  return { asked, view: reportLoadFailure(loadView(asked, sessionFor(request))) };
});

export type CloseDayCommand =
  | { intent: 'close-day'; day: string; countedCash: number; note: string }
  | { intent: 'reopen-day'; day: string; reason: string };

export const action = pageAction<CloseDayCommand>({
  run: (command) =>
    command.intent === 'close-day'
      ? closeDay(command.day, { countedCash: command.countedCash, note: command.note })
      : reopenDay(command.day, { reason: command.reason }),
  success: {
    'close-day': ({ a }) => a.dayClosed,
    'reopen-day': ({ a }) => a.dayReopened,
  },
  failure: {
    'close-day': ({ a }) => a.failedToCloseDay,
    'reopen-day': ({ a }) => a.failedToReopenDay,
  },
});

export function Component() {
  const data = usePageData<typeof loader>();
  const { a } = useAdminI18n();
  if (!data) return null;
  return (
    <PageSection id="close-day" title={a.closeTheDay}>
      <CloseDayPage key={data.asked ?? ''} view={data.view} />
    </PageSection>
  );
}
