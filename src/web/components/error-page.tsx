import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { texts } from '../../shared/constants';
import { Header } from './layout';

export function ErrorPage() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : undefined;
  return (
    <div className="min-h-dvh">
      <Header />
      <main className="mx-auto max-w-3xl px-4 py-10 text-center">
        <h2 className="text-2xl font-bold text-slate-900">{texts.routeError}</h2>
        {detail && <p className="mt-3 text-slate-600">{detail}</p>}
        <Link
          to="/checkout"
          className="mt-6 inline-flex min-h-12 items-center rounded-xl bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
        >
          Back to the checkout
        </Link>
      </main>
    </div>
  );
}
