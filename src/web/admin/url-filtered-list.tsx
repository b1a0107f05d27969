import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import { Field } from '../components/ui/field';
import { useAdminI18n } from './admin-i18n';

export interface UrlFilterFormProps {
  /** The form's accessible name. */
  label: string;
  submitLabel: string;
  /** The fields, laid out in the form's grid. */
  children: ReactNode;
}

/**
 * A page's filters kept in its URL, so a filtered view is a link that survives a reload and the back button
 * undoes a filter. Empty fields are left out to keep that link short; the page stays where it was scrolled to.
 */
export function UrlFilterForm({ label, submitLabel, children }: UrlFilterFormProps) {
  const navigate = useNavigate();
  const { a } = useAdminI18n();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const [key, value] of new FormData(event.currentTarget)) {
      if (typeof value === 'string' && value !== '') next.set(key, value);
    }
    navigate(`?${next}`, { preventScrollReset: true });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" aria-label={label}>
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">{children}</div>
      <div className="flex flex-wrap gap-3">
        <Button type="submit">{submitLabel}</Button>
        <Link
          to="?"
          className="inline-flex min-h-12 items-center rounded-xl px-5 font-semibold text-slate-700 hover:bg-slate-100"
        >
          {a.clearFilters}
        </Link>
      </div>
    </form>
  );
}

/**
 * The from and to days of a filter, read from the URL's from= and to=. The filters' error (from after to, say)
 * is shown under to, where the range ends.
 */
export function DayRangeFields({ params, error }: { params: URLSearchParams; error: string | null }) {
  const { a } = useAdminI18n();
  return (
    <>
      <Field label={a.fromDay} name="from" type="date" defaultValue={params.get('from') ?? ''} />
      <Field
        label={a.toDay}
        name="to"
        type="date"
        defaultValue={params.get('to') ?? ''}
        error={error ?? undefined}
      />
    </>
  );
}

export interface UrlPagedListProps<Item> {
  items: readonly Item[];
  /** Each item as a list entry, keyed. */
  renderItem: (item: Item) => ReactNode;
  /** Shown instead of the list when nothing matches the filters. */
  emptyText: string;
  /** The list's accessible name. */
  listLabel: string;
  listClassName: string;
  page: number;
  hasMore: boolean;
  /** The paging links' accessible name. */
  pagesLabel: string;
  /** Which page this is, shown between the links. */
  pageText: string;
  /** The page's URL parameters (its filters), kept in the links to other pages. */
  params: URLSearchParams;
}

/** Page n with the filters kept; page 1 has no page parameter, so it is the same link as the filters' own. */
function pageLink(params: URLSearchParams, n: number): string {
  const next = new URLSearchParams(params);
  if (n > 1) next.set('page', String(n));
  else next.delete('page');
  return `?${next}`;
}

const pagerClass =
  'inline-flex min-h-12 items-center gap-1 rounded-xl px-4 font-semibold text-brand-800 ring-1 ring-slate-300 hover:bg-slate-50';

/** One page of a filtered list, newest first, with links to the newer and older pages when there are any. */
export function UrlPagedList<Item>({
  items,
  renderItem,
  emptyText,
  listLabel,
  listClassName,
  page,
  hasMore,
  pagesLabel,
  pageText,
  params,
}: UrlPagedListProps<Item>) {
  const { a } = useAdminI18n();
  return (
    <div className="flex flex-col gap-3">
      {items.length === 0 ? (
        <p className="py-4 text-slate-600">{emptyText}</p>
      ) : (
        <ol className={listClassName} aria-label={listLabel}>
          {items.map(renderItem)}
        </ol>
      )}
      {(page > 1 || hasMore) && (
        <nav aria-label={pagesLabel} className="flex items-center justify-between gap-3">
          {page > 1 ? (
            <Link className={pagerClass} to={pageLink(params, page - 1)}>
              <ChevronLeft aria-hidden="true" className="size-5" />
              {a.newer}
            </Link>
          ) : (
            // Holds the left slot, so the page number stays in the middle.
            <span />
          )}
          <span className="text-slate-600">{pageText}</span>
          {hasMore ? (
            <Link className={pagerClass} to={pageLink(params, page + 1)}>
              {a.older}
              <ChevronRight aria-hidden="true" className="size-5" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </div>
  );
}
