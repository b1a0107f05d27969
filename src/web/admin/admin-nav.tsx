import {
  BedDouble,
  BellRing,
  Calculator,
  ChartColumn,
  ClipboardList,
  CupSoda,
  History,
  LayoutDashboard,
  type LucideIcon,
  Menu,
  PackageCheck,
  QrCode,
  ScrollText,
  SlidersHorizontal,
  Users,
  X,
} from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, type RouteObject, useLocation } from 'react-router';
import type { AdminMessages } from '../../shared/i18n/admin-en';
import { grantOf, type Right, type Role } from '../../shared/team';
import { useAdminI18n } from './admin-i18n';
import { useRole } from './team/session-context';

type PageLabel = {
  [Key in keyof AdminMessages]: Key extends `page${string}` ? Key : never;
}[keyof AdminMessages];

export interface AdminNavPage {
  /** The page's URL. */
  path: string;
  /** The page's name in the admin message files. */
  label: PageLabel;
  icon: LucideIcon;
  /** The right of shared/team.ts's table the page needs: a role without it never sees the page. */
  right: Right;
  /** In the phone's bottom bar; the others are behind its "More" button (all are in the desk's side nav). */
  primary?: boolean;
  /** The page's route module (loader, action, Component): a lazy chunk of its own. */
  lazy?: RouteObject['lazy'];
}

/** The spec's admin panel ('Add New Drink', the Drinks list, 'Guest Information'): the workspace's index. */
export const adminPanelPath = '/admin';

/**
 * The workspace's pages, in the nav's order, and their routes. A new page: a folder src/web/admin/<page>/
 * with a `<page>-route.tsx` module (loader, action, Component) and a line here. The spec's panel is the
 * workspace's index route, declared in src/web/router.tsx (the spec puts it at /admin itself). The phone's
 * bar holds the panel, the overview, restock and history; the drinks' own page is under "More", since the
 * panel has the drinks too.
 */
export const adminPages: AdminNavPage[] = [
  { path: adminPanelPath, right: 'frontDesk', label: 'pagePanel', icon: ClipboardList, primary: true },
  {
    path: '/admin/overview',
    right: 'frontDesk',
    label: 'pageOverview',
    icon: LayoutDashboard,
    primary: true,
    lazy: () => import('./overview/overview-route'),
  },
  {
    path: '/admin/drinks',
    right: 'catalogue',
    label: 'pageDrinks',
    icon: CupSoda,
    lazy: () => import('./drinks/drinks-route'),
  },
  {
    path: '/admin/bungalows',
    right: 'frontDesk',
    label: 'pageBungalows',
    icon: BedDouble,
    lazy: () => import('./bungalows/bungalows-route'),
  },
  {
    path: '/admin/restock',
    right: 'fridge',
    label: 'pageRestock',
    icon: PackageCheck,
    primary: true,
    lazy: () => import('./restock/restock-route'),
  },
  {
    path: '/admin/requests',
    right: 'fridge',
    label: 'pageRequests',
    icon: BellRing,
    lazy: () => import('./requests/requests-route'),
  },
  {
    path: '/admin/history',
    right: 'frontDesk',
    label: 'pageHistory',
    icon: History,
    primary: true,
    lazy: () => import('./history/history-route'),
  },
  {
    path: '/admin/close',
    right: 'frontDesk',
    label: 'pageClose',
    icon: Calculator,
    lazy: () => import('./close/close-route'),
  },
  {
    path: '/admin/reports',
    right: 'frontDesk',
    label: 'pageReports',
    icon: ChartColumn,
    lazy: () => import('./reports/reports-route'),
  },
  {
    path: '/admin/settings',
    right: 'catalogue',
    label: 'pageSettings',
    icon: SlidersHorizontal,
    lazy: () => import('./settings/settings-route'),
  },
  {
    path: '/admin/stickers',
    right: 'catalogue',
    label: 'pageStickers',
    icon: QrCode,
    lazy: () => import('./stickers/stickers-route'),
  },
  {
    path: '/admin/staff',
    right: 'team',
    label: 'pageStaff',
    icon: Users,
    lazy: () => import('./staff/staff-route'),
  },
  {
    path: '/admin/activity',
    right: 'oversight',
    label: 'pageActivity',
    icon: ScrollText,
    lazy: () => import('./activity/activity-route'),
  },
];

/** Whether a role may open a page: its right is 'yes' or 'approval' (a desk sees the history it voids from). */
export function pageAllowed(role: Role, page: AdminNavPage): boolean {
  return grantOf(role, page.right) !== 'no';
}

/** The pages a role may open, in the nav's order. */
export function pagesOf(role: Role | null): AdminNavPage[] {
  return role ? adminPages.filter((page) => pageAllowed(role, page)) : adminPages;
}

/** The pages' routes, as children of the workspace's route (src/web/router.tsx patches them in). */
export function adminPageRoutes(): RouteObject[] {
  return adminPages.flatMap(({ path, lazy }) =>
    lazy ? [{ path: path.slice('/admin/'.length), lazy } as RouteObject] : [],
  );
}

/** The page the URL is on: the longest nav path that is the pathname or a folder above it. */
export function currentAdminPage(pathname: string): AdminNavPage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return adminPages
    .filter((page) => path === page.path || path.startsWith(`${page.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

const linkBase =
  'flex items-center rounded-xl font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/**
 * One nav for both hands and desks: below 1024 px a bar fixed at the bottom of the screen, where a thumb
 * reaches, with the most used pages and "More" for the rest; from 1024 px a column beside the page with
 * every page. The same links either way, so a test or a screen reader finds one "Admin pages" nav.
 */
export function AdminNav() {
  const { pathname } = useLocation();
  const { a } = useAdminI18n();
  const current = currentAdminPage(pathname);
  const [moreOpen, setMoreOpen] = useState(false);
  const moreId = useId();
  const moreButton = useRef<HTMLButtonElement>(null);
  // Only the pages the signed-in role can use: a housekeeper's phone shows the restock list, not the prices.
  const pages = pagesOf(useRole());
  const secondary = pages.filter((page) => !page.primary);
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
      className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.08)] lg:sticky lg:top-20 lg:self-start lg:rounded-2xl lg:border-0 lg:p-2 lg:shadow-sm lg:ring-1 lg:ring-slate-200 print:hidden"
    >
      {moreOpen && (
        <ul
          id={moreId}
          aria-label={a.moreAdminPages}
          className="absolute inset-x-0 bottom-full flex flex-col gap-1 border-t border-slate-200 bg-white p-2 shadow-[0_-4px_16px_rgb(0_0_0/0.08)] lg:hidden"
        >
          {secondary.map((page) => (
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
      )}
      <ul className="mx-auto flex max-w-3xl lg:max-w-none lg:flex-col lg:gap-1">
        {pages.map((page) => (
          <li key={page.path} className={page.primary ? 'flex-1 lg:flex-none' : 'hidden lg:block'}>
            <NavLink page={page} current={page === current} layout="bar" />
          </li>
        ))}
        <li className={secondary.length > 0 ? 'flex-1 lg:hidden' : 'hidden'}>
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
        </li>
      </ul>
    </nav>
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
      ? 'min-h-16 flex-col justify-center gap-0.5 text-xs lg:min-h-12 lg:flex-row lg:justify-start lg:gap-3 lg:px-3 lg:text-base'
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
      <Icon aria-hidden="true" className="size-6 shrink-0 lg:size-5" />
      {a[page.label]}
    </Link>
  );
}
