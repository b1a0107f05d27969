import { WifiOff } from '../components/guest-icons';
import { useI18n } from '../i18n/language';
import { useOnline } from './use-online';

/** The admin panel is online only (its data is the server's); offline, it says so instead of failing. */
export function AdminOfflineNotice() {
  const online = useOnline();
  const { t } = useI18n();
  if (online) return null;
  return (
    <p
      role="alert"
      className="mb-4 flex items-start gap-3 rounded-2xl bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-300"
    >
      <WifiOff aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      {t.adminOffline}
    </p>
  );
}
