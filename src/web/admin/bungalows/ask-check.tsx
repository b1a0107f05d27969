import { BellRing } from 'lucide-react';
import { useFetcher } from 'react-router';
import type { CheckRequest } from '../../../shared/live-types';
import { Button } from '../../components/ui/button';
import { type AdminActionResult, submitOptions } from '../admin-data';
import { useAdminI18n } from '../admin-i18n';

/**
 * "Ask for a fridge check" of one bungalow (the desk, at checkout time), or the request already open, waiting
 * for housekeeping. The answer arrives by the live stream: the page reloads and the notice says the amount.
 */
export function AskCheck({ bungalow, request }: { bungalow: number; request: CheckRequest | undefined }) {
  const fetcher = useFetcher<AdminActionResult>();
  const { a, dateTime } = useAdminI18n();
  if (request) {
    return (
      <p className="flex min-h-12 items-center gap-2 text-slate-800">
        <BellRing aria-hidden="true" className="size-5 text-brand-800" />
        {a.checkAskedWaiting(dateTime(request.requestedAt))}
      </p>
    );
  }
  return (
    <Button
      variant="secondary"
      pending={fetcher.state !== 'idle'}
      aria-label={a.askForCheckOf(bungalow)}
      onClick={() => fetcher.submit({ intent: 'ask-check', bungalow }, submitOptions())}
    >
      <BellRing aria-hidden="true" className="size-4" />
      {a.askForCheck}
    </Button>
  );
}
