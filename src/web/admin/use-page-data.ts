import { useState } from 'react';
import { useLoaderData } from 'react-router';
import type { PageData } from './admin-data';

// biome-ignore lint/suspicious/noExplicitAny: any loader's arguments
type AnyLoader = (...args: any[]) => Promise<PageData<object>>;
type Loaded<L extends AnyLoader> = Extract<Awaited<ReturnType<L>>, { authenticated: true }>;

/**
 * The page's loader data, or the last data it had while the session was open. When the session ends under
 * an open page, the reloaded loader has nothing to give; the page stays as it was (inert, under the password
 * modal), so forms keep what was typed in them, and after the login it shows the fresh data. Null only
 * before the first login of this visit.
 */
export function usePageData<L extends AnyLoader>(): Loaded<L> | null {
  const data = useLoaderData() as Awaited<ReturnType<L>>;
  const [kept, setKept] = useState(data.authenticated ? data : null);
  if (data.authenticated && data !== kept) setKept(data);
  return (data.authenticated ? data : kept) as Loaded<L> | null;
}
