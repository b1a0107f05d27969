// First: it configures zod before any schema of this chunk is built.
import './zod-jitless';
import { Lock } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Outlet, useFetcher, useLoaderData, useLocation, useRevalidator, useRouteError } from 'react-router';
import { Button } from '../components/ui/button';
import { type AdminActionResult, submitOptions, workspaceAction, workspaceLoader } from './admin-data';
import { useAdminI18n } from './admin-i18n';
import { AdminNav, currentAdminPage } from './admin-nav';
import { PasswordModal } from './password-modal';
import { apiErrorText } from './validation';

/**
 * The workspace: the route module of /admin (React Router's `lazy`), around every admin page. It owns the
 * session: the 'Admin Access' modal when there is none, Lock, and the nav.
 */

export const loader = workspaceLoader;
export const action = workspaceAction;

function Workspace() {
  const session = useLoaderData<typeof workspaceLoader>();
  const logoutFetcher = useFetcher<AdminActionResult>();
  const { pathname } = useLocation();
  const { t, a } = useAdminI18n();
  const page = currentAdminPage(pathname);
  const pageName = page ? a[page.label] : undefined;
  // Whether the pages stay on screen. When the session ends on its own they do, inert under the password
  // modal, so forms keep what was typed in them; locking on purpose takes them away.
  const [unlocked, setUnlocked] = useState(session.authenticated);
  const [seen, setSeen] = useState(session);
  if (session !== seen) {
    setSeen(session);
    if (session.authenticated) setUnlocked(true);
  }

  useEffect(() => {
    document.title = pageName ? `${pageName} · ${t.adminPanel}` : t.adminPanel;
  }, [pageName, t]);

  const lock = () => {
    setUnlocked(false);
    logoutFetcher.submit({ intent: 'logout' }, submitOptions());
  };

  const open = session.authenticated || unlocked;
  return (
    <>
      {open && (
        <div data-workspace inert={!session.authenticated} className="flex flex-col gap-4 pb-24 lg:pb-0">
          <div className="flex flex-wrap items-center gap-3">
            <div className="flex-1">
              <h2 className="text-2xl font-bold text-slate-900">{t.adminPanel}</h2>
              {pageName && <p className="text-slate-600">{pageName}</p>}
            </div>
            <Button variant="secondary" onClick={lock} pending={logoutFetcher.state !== 'idle'}>
              <Lock aria-hidden="true" className="size-5" />
              {a.lock}
              <span className="sr-only"> {a.lockAdminPanel}</span>
            </Button>
          </div>
          <div className="lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-6">
            <AdminNav />
            <div className="flex min-w-0 flex-col gap-4">
              <Outlet />
            </div>
          </div>
        </div>
      )}
      {!session.authenticated && <PasswordModal sessionEnded={unlocked} />}
    </>
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
