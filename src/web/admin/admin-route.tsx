// First: it configures zod before any schema of this chunk is built.
import './zod-jitless';
import { Lock } from 'lucide-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  Outlet,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useRevalidator,
  useRouteError,
} from 'react-router';
import { Button } from '../components/ui/button';
import { type AdminActionResult, submitOptions, workspaceAction, workspaceLoader } from './admin-data';
import { useAdminI18n } from './admin-i18n';
import { AdminNav } from './admin-nav';
import { adminPanelPath, currentAdminPage } from './admin-pages';
import { LiveDesk } from './live/live-desk';
import { Loading } from './load-states';
import { PasswordModal } from './password-modal';
import { useIdleLock } from './team/idle-lock';
import { SessionContext } from './team/session-context';
import { SignedIn } from './team/signed-in';
import { apiErrorText } from './validation';

// Only a registered device with no session, or a phone pairing, shows these: chunks of their own.
const WhoIsWorking = lazy(async () => ({ default: (await import('./sign-in/who-is-working')).WhoIsWorking }));
const PairDevice = lazy(async () => ({ default: (await import('./sign-in/pair-device')).PairDevice }));

/**
 * The workspace: the route module of /admin (React Router's `lazy`), around every admin page. It owns the
 * session: the 'Admin Access' modal when there is none (on a registered device, "Who is working?" first),
 * who is signed in, Lock and the idle lock, and the nav.
 */

export const loader = workspaceLoader;
export const action = workspaceAction;

function Workspace() {
  const session = useLoaderData<typeof workspaceLoader>();
  const logoutFetcher = useFetcher<AdminActionResult>();
  const { pathname, search } = useLocation();
  const { t, a } = useAdminI18n();
  const page = currentAdminPage(pathname);
  // The spec's panel goes by the title 'Admin Panel' alone; every other page is named under it.
  const pageName = page && page.path !== adminPanelPath ? a[page.label] : undefined;
  // Whether the pages stay on screen. When the session ends on its own they do, inert under the password
  // modal, so forms keep what was typed in them; locking on purpose takes them away.
  const [unlocked, setUnlocked] = useState(session.authenticated);
  // "Use the admin password" on a registered device: the spec's modal instead of the names.
  const [withPassword, setWithPassword] = useState(false);
  const [seen, setSeen] = useState(session);
  if (session !== seen) {
    setSeen(session);
    if (session.authenticated) {
      setUnlocked(true);
      setWithPassword(false);
    }
    // On a registered device the next person to sign in may be someone else: a session that ended (idle,
    // revoked, deactivated) takes the last person's pages off the screen.
    else if (session.device) setUnlocked(false);
  }

  useEffect(() => {
    document.title = pageName ? `${pageName} · ${t.adminPanel}` : t.adminPanel;
  }, [pageName, t]);

  const lock = () => {
    setUnlocked(false);
    logoutFetcher.submit({ intent: 'logout' }, submitOptions());
  };
  // A person's session (never the owner's: the spec's session keeps its own limit) locks when left idle.
  const staffSession = session.authenticated && session.user !== null && session.user.role !== 'owner';
  useIdleLock(staffSession ? (session.idleLockMinutes ?? null) : null, lock);

  const pairingCode = new URLSearchParams(search).get('pair');
  const navigate = useNavigate();
  // Paired (or already a device): the one-time code leaves the address, so a reload does not offer it again.
  useEffect(() => {
    if (pairingCode !== null && session.device) navigate(pathname, { replace: true });
  }, [pairingCode, session.device, pathname, navigate]);
  const open = session.authenticated || unlocked;
  let signIn = null;
  if (!session.authenticated) {
    if (pairingCode !== null && !session.device) signIn = <PairDevice code={pairingCode} />;
    else if (session.device && session.roster && !withPassword) {
      signIn = (
        <WhoIsWorking
          device={session.device}
          roster={session.roster}
          onUsePassword={() => setWithPassword(true)}
        />
      );
    } else signIn = <PasswordModal sessionEnded={unlocked} />;
  }
  return (
    <SessionContext value={session}>
      {open && (
        <div data-workspace inert={!session.authenticated} className="flex flex-col gap-4 pb-24 lg:pb-0">
          <div className="flex flex-wrap items-center gap-3">
            <div className="flex-1">
              <h2 className="text-2xl font-bold text-slate-900">{t.adminPanel}</h2>
              {pageName && <p className="text-slate-600">{pageName}</p>}
            </div>
            {session.authenticated && session.user && (
              <SignedIn user={session.user} device={session.device} />
            )}
            <Button variant="secondary" onClick={lock} pending={logoutFetcher.state !== 'idle'}>
              <Lock aria-hidden="true" className="size-5" />
              {a.lock}
              <span className="sr-only"> {a.lockAdminPanel}</span>
            </Button>
          </div>
          {session.authenticated && <LiveDesk />}
          <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-6">
            <AdminNav />
            <div className="flex min-w-0 flex-col gap-4">
              <Outlet />
            </div>
          </div>
        </div>
      )}
      {signIn && <Suspense fallback={<Loading />}>{signIn}</Suspense>}
    </SessionContext>
  );
}

/** The session check itself failed (no server, or it answered with an error), or a page's code did not load. */
function WorkspaceError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const { t, a } = useAdminI18n();
  return (
    <div className="py-10 text-center">
      <h2 className="text-2xl font-bold text-slate-900">{t.toastFailedToLoad}</h2>
      <p className="mt-3 text-slate-600">{apiErrorText(error) ?? a.couldNotOpen}</p>
      <Button
        className="mt-6"
        pending={revalidator.state !== 'idle'}
        onClick={() => revalidator.revalidate()}
      >
        {a.tryAgain}
      </Button>
    </div>
  );
}

export const Component = Workspace;
export const ErrorBoundary = WorkspaceError;
