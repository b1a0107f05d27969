import { useEffect, useRef } from 'react';
import type { FetcherWithComponents } from 'react-router';
import type { AdminActionResult } from './admin-data';

/**
 * Calls `onResult` once per answer of a fetcher's action, after React Router has reloaded the data,
 * so a form closes or shows the server's field messages only when the list already shows the change.
 */
export function useActionResult(
  fetcher: FetcherWithComponents<AdminActionResult>,
  onResult: (result: AdminActionResult) => void,
) {
  const handled = useRef<AdminActionResult | undefined>(undefined);
  const latest = useRef(onResult);
  useEffect(() => {
    latest.current = onResult;
  });
  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    latest.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
