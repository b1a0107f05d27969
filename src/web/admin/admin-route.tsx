// First: it configures zod before any schema of this chunk is built.
import './zod-jitless';
import { useState } from 'react';
import { useFetcher, useLoaderData, useRevalidator, useRouteError } from 'react-router';
import { toastTexts } from '../../shared/constants';
import { Button } from '../components/ui/button';
import {
  type AdminActionResult,
  type AdminPanelData,
  adminAction,
  adminLoader,
  submitOptions,
} from './admin-data';
import { AdminPage } from './admin-page';
import { PasswordModal } from './password-modal';

/** What React Router's `lazy` expects of a route module: this file is the admin chunk's entry. */

export const loader = adminLoader;
export const action = adminAction;

function AdminRoute() {
  const data = useLoaderData<typeof adminLoader>();
  const logoutFetcher = useFetcher<AdminActionResult>();
  // The last unlocked panel, kept while the password modal is back after the session ended, so that
  // forms keep what was typed in them. Locking on purpose drops it.
  const [lastPanel, setLastPanel] = useState<AdminPanelData | null>(data.authenticated ? data : null);
  const [seen, setSeen] = useState(data);
  if (data !== seen) {
    setSeen(data);
    if (data.authenticated) setLastPanel(data);
  }

  const lock = () => {
    setLastPanel(null);
    logoutFetcher.submit({ intent: 'logout' }, submitOptions());
  };

  const panel = data.authenticated ? data : lastPanel;
  return (
    <>
      {panel && (
        <AdminPage
          panel={panel}
          locked={!data.authenticated}
          onLock={lock}
          locking={logoutFetcher.state !== 'idle'}
        />
      )}
      {!data.authenticated && <PasswordModal sessionEnded={panel !== null} />}
    </>
  );
}

/** The session check itself failed (no server, or it answered with an error). */
function AdminError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  return (
    <div className="py-10 text-center">
      <h2 className="text-2xl font-bold text-slate-900">{toastTexts.failedToLoad}</h2>
      <p className="mt-3 text-slate-600">
        {error instanceof Error ? error.message : 'The admin panel could not be opened.'}
      </p>
      <Button
        className="mt-6"
        pending={revalidator.state !== 'idle'}
        onClick={() => revalidator.revalidate()}
      >
        Try again
      </Button>
    </div>
  );
}

export const Component = AdminRoute;
export const ErrorBoundary = AdminError;
