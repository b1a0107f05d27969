import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { AdminOfflineNotice } from '../offline/admin-offline-notice';
import { useOnline } from '../offline/use-online';
import { ErrorScreen } from './error-screen';

export function ErrorPage() {
  const { pathname } = useLocation();
  const online = useOnline();
  // Offline, the admin panel's code cannot be fetched: that is no application error, and the notice says why.
  const onAdmin = pathname.startsWith('/admin');
  const adminOffline = !online && onAdmin;
  useEffect(() => {
    if (!onAdmin) return;
    // The browser keeps a failed import() failed for the page's life: the panel comes back with a new load.
    const reload = () => window.location.reload();
    window.addEventListener('online', reload);
    return () => window.removeEventListener('online', reload);
  }, [onAdmin]);
  return <ErrorScreen notice={adminOffline ? <AdminOfflineNotice /> : undefined} />;
}
