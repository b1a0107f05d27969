import { Menu, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useAdminI18n } from './admin-i18n';
import { type AdminNavGroup, type AdminNavPage, currentAdminPage, navGroupsOf } from './admin-pages';
import { useRole } from './team/session-context';

const linkBase =
  'flex items-center rounded-xl font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * One nav for both hands and desks: below 1024 px a bar fixed at the bottom of the screen, where a thumb
 * reaches, with the most used pages and "More" for the rest; from 1024 px a column beside the page with
 * every page, in groups under headings. The same links either way (each page one link, so a test or a screen
 * reader finds one "Admin pages" nav with one link a page); on a phone the groups' wrappers step aside
 * (`display: contents`) so their primary pages make one bar, and "More" lists the rest in the same groups.
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const { a } = useAdminI18n();
  const current = currentAdminPage(pathname);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const headingId = useId();
  const moreButton = useRef<HTMLButtonElement>(null);
  // Only the pages the signed-in role can use: a housekeeper's phone shows the restock list, not the prices.
  const groups = navGroupsOf(useRole());
  const moreGroups = groups
    .map((group) => ({ ...group, pages: group.pages.filter((page) => !page.primary) }))
    .filter((group) => group.pages.length > 0);
  const onSecondaryPage = current !== undefined && !current.primary;

  useEffect(() => {
    if (!moreOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMoreOpen(false);
      moreButton.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [moreOpen]);

  return (
    <nav
      aria-label={a.adminPages}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] lg:sticky lg:top-20 lg:max-h-[calc(100dvh-6rem)] lg:self-start lg:overflow-y-auto lg:rounded-2xl lg:border-0 lg:p-2 lg:shadow-sm lg:ring-1 lg:ring-slate-200 print:hidden"
    >
      {moreOpen && (
        <ul
          id={moreId}
          aria-label={a.moreAdminPages}
          className="absolute inset-x-0 bottom-full flex max-h-[calc(100dvh-6rem)] flex-col gap-2 overflow-y-auto border-t border-slate-200 bg-white p-2 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] lg:hidden"
        >
          {moreGroups.map((group) => (
            <li key={group.id}>
              <GroupHeading id={`${moreId}-${group.id}`} group={group} />
              <ul aria-labelledby={`${moreId}-${group.id}`} className="flex flex-col gap-1">
                {group.pages.map((page) => (
                  <li key={page.path}>
                    <NavLink
                      page={page}
                      current={page === current}
                      layout="row"
                      onClick={() => setMoreOpen(false)}
                    />
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      <div className="mx-auto flex max-w-3xl lg:max-w-none lg:flex-col lg:gap-0">
        {groups.map((group) => (
          <div
            key={group.id}
            className={group.pages.some((page) => page.primary) ? 'contents lg:block' : 'hidden lg:block'}
          >
            <GroupHeading id={`${headingId}-${group.id}`} group={group} className="hidden lg:block" />
            <ul aria-labelledby={`${headingId}-${group.id}`} className="contents lg:flex lg:flex-col">
              {group.pages.map((page) => (
                <li key={page.path} className={page.primary ? 'flex-1 lg:flex-none' : 'hidden lg:block'}>
                  <NavLink page={page} current={page === current} layout="bar" />
                </li>
              ))}
            </ul>
          </div>
        ))}
        <div className={moreGroups.length > 0 ? 'flex-1 lg:hidden' : 'hidden'}>
          <button
            ref={moreButton}
            type="button"
            aria-expanded={moreOpen}
            aria-controls={moreOpen ? moreId : undefined}
            onClick={() => setMoreOpen((open) => !open)}
            className={`${linkBase} min-h-16 w-full flex-col justify-center gap-0.5 text-xs ${
              onSecondaryPage || moreOpen ? 'text-brand-800' : 'text-slate-700'
            }`}
          >
            {moreOpen ? (
              <X aria-hidden="true" className="size-6" />
            ) : (
              <Menu aria-hidden="true" className="size-6" />
            )}
            {a.more}
          </button>
        </div>
      </div>
    </nav>
  );
}

/** A group's heading: the workspace's title is an h2, so the nav's groups are h3s, as a page's sections are. */
function GroupHeading({
  id,
  group,
  className = '',
}: {
  id: string;
  group: AdminNavGroup;
  className?: string;
}) {
  const { a } = useAdminI18n();
  return (
    <h3
      id={id}
      className={`px-3 pt-1 pb-0 text-xs leading-4 font-bold tracking-wide text-slate-600 uppercase ${className}`}
    >
      {a[group.label]}
    </h3>
  );
}

interface NavLinkProps {
  page: AdminNavPage;
  current: boolean;
  layout: 'bar' | 'row';
  onClick?: () => void;
}

function NavLink({ page, current, layout, onClick }: NavLinkProps) {
  const { a } = useAdminI18n();
  const Icon = page.icon;
  const shape =
    layout === 'bar'
      ? 'min-h-16 flex-col justify-center gap-0.5 text-xs lg:min-h-0 lg:flex-row lg:justify-start lg:gap-2.5 lg:px-3 lg:py-0.5 lg:text-sm'
      : 'min-h-12 gap-3 px-3 text-base';
  const colour = current
    ? 'bg-brand-50 text-brand-800 lg:bg-brand-700 lg:text-white'
    : 'text-slate-700 hover:bg-slate-100';
  return (
    <Link
      to={page.path}
      aria-current={current ? 'page' : undefined}
      onClick={onClick}
      className={`${linkBase} ${shape} ${colour}`}
    >
      <Icon aria-hidden="true" className="size-6 shrink-0 lg:size-4" />
      {a[page.label]}
    </Link>
  );
}
