import {
  BedDouble,
  BellRing,
  Boxes,
  Calculator,
  ChartColumn,
  ClipboardList,
  CupSoda,
  History,
  Landmark,
  LayoutDashboard,
  type LucideIcon,
  PackageCheck,
  QrCode,
  ScrollText,
  ShoppingCart,
  SlidersHorizontal,
  Users,
  UserX,
  Webhook,
} from 'lucide-react';
import type { AdminMessages } from '../../shared/i18n/admin-en';
import { grantOf, type Right, type Role } from '../../shared/team';

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
}

/** The spec's admin panel ('Add New Drink', the Drinks list, 'Guest Information'): the workspace's index. */
export const adminPanelPath = '/admin';

/**
 * The workspace's pages, in the nav's order. A new page: a folder src/web/admin/<page>/ with a
 * `<page>-route.tsx` module (loader, action, Component), a line here and its module in admin-page-routes.ts
 * (the typecheck asks for it). This table imports no page, so a page may import what reads it. The spec's panel is the
 * workspace's index route, declared in src/web/router.tsx (the spec puts it at /admin itself). The phone's
 * bar holds the panel, the overview, restock and history; the drinks' own page is under "More", since the
 * panel has the drinks too.
 */
export const adminPages = [
  { path: adminPanelPath, right: 'frontDesk', label: 'pagePanel', icon: ClipboardList, primary: true },
  {
    path: '/admin/overview',
    right: 'frontDesk',
    label: 'pageOverview',
    icon: LayoutDashboard,
    primary: true,
  },
  {
    path: '/admin/drinks',
    right: 'catalogue',
    label: 'pageDrinks',
    icon: CupSoda,
  },
  {
    path: '/admin/bungalows',
    right: 'frontDesk',
    label: 'pageBungalows',
    icon: BedDouble,
  },
  {
    path: '/admin/restock',
    right: 'fridge',
    label: 'pageRestock',
    icon: PackageCheck,
    primary: true,
  },
  {
    path: '/admin/stock',
    right: 'stockRead',
    label: 'pageStock',
    icon: Boxes,
  },
  {
    path: '/admin/buy-list',
    right: 'stockCosts',
    label: 'pageBuyList',
    icon: ShoppingCart,
  },
  {
    path: '/admin/requests',
    right: 'fridge',
    label: 'pageRequests',
    icon: BellRing,
  },
  {
    path: '/admin/history',
    right: 'frontDesk',
    label: 'pageHistory',
    icon: History,
    primary: true,
  },
  {
    path: '/admin/close',
    right: 'frontDesk',
    label: 'pageClose',
    icon: Calculator,
  },
  {
    path: '/admin/reports',
    right: 'frontDesk',
    label: 'pageReports',
    icon: ChartColumn,
  },
  {
    path: '/admin/settings',
    right: 'catalogue',
    label: 'pageSettings',
    icon: SlidersHorizontal,
  },
  {
    path: '/admin/stickers',
    right: 'catalogue',
    label: 'pageStickers',
    icon: QrCode,
  },
  {
    path: '/admin/staff',
    right: 'team',
    label: 'pageStaff',
    icon: Users,
  },
  {
    path: '/admin/activity',
    right: 'oversight',
    label: 'pageActivity',
    icon: ScrollText,
  },
  {
    path: '/admin/integrations',
    right: 'integrations',
    label: 'pageIntegrations',
    icon: Webhook,
  },
  // Tax documents (fifth stage): the output-tax report, owner and manager
  {
    path: '/admin/tax-report',
    right: 'oversight',
    label: 'pageTaxReport',
    icon: Landmark,
  },
  // Guests' personal data (fifth stage)
  {
    path: '/admin/guest-data',
    right: 'guestData',
    label: 'pageGuestData',
    icon: UserX,
  },
] as const satisfies readonly AdminNavPage[];

/** A page of the table by its URL. */
export type AdminPagePath = (typeof adminPages)[number]['path'];

/** Whether a role may open a page: its right is 'yes' or 'approval' (a desk sees the history it voids from). */
export function pageAllowed(role: Role, page: AdminNavPage): boolean {
  return grantOf(role, page.right) !== 'no';
}

/** The pages a role may open, in the nav's order. */
export function pagesOf(role: Role | null): readonly AdminNavPage[] {
  return role ? adminPages.filter((page) => pageAllowed(role, page)) : adminPages;
}

/** The page the URL is on: the longest nav path that is the pathname or a folder above it. */
export function currentAdminPage(pathname: string): AdminNavPage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [...adminPages]
    .filter((page) => path === page.path || path.startsWith(`${page.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
