import { useRevalidator } from 'react-router';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useAdminI18n } from './admin-i18n';

export function Loading() {
  const { t } = useAdminI18n();
  return (
    <p className="flex items-center gap-2 py-4 text-slate-600">
      <Spinner />
      {t.loading}
    </p>
  );
}

/** Beside the 'Failed to load data' toast: what is missing here, and a way to ask again. */
export function LoadFailed({ what }: { what: string }) {
  const revalidator = useRevalidator();
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-wrap items-center gap-3 py-4">
      <p className="text-red-800">{a.couldNotLoad(what)}</p>
      <Button
        variant="secondary"
        pending={revalidator.state !== 'idle'}
        onClick={() => revalidator.revalidate()}
      >
        {a.tryAgain}
      </Button>
    </div>
  );
}
