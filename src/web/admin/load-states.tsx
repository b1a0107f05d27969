import { useRevalidator } from 'react-router';
import { texts } from '../../shared/constants';
import { Button } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';

export function Loading() {
  return (
    <p className="flex items-center gap-2 py-4 text-slate-600">
      <Spinner />
      {texts.loading}
    </p>
  );
}

/** Beside the 'Failed to load data' toast: what is missing here, and a way to ask again. */
export function LoadFailed({ what }: { what: string }) {
  const revalidator = useRevalidator();
  return (
    <div className="flex flex-wrap items-center gap-3 py-4">
      <p className="text-red-800">Could not load {what}. Check the connection, then try again.</p>
      <Button
        variant="secondary"
        pending={revalidator.state !== 'idle'}
        onClick={() => revalidator.revalidate()}
      >
        Try again
      </Button>
    </div>
  );
}
