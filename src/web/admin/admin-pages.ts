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
  ListChecks,
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

/**
 * The nav's groups, in the nav's order, each a heading with its pages (DESIGN.md, "Rooms by capability"):
 * what the day needs first, then the fridges and the storeroom, the books, the team, and what is set once.
 * Stock comes before the books so the phone's bar (the primary pages, in table order) keeps its order.
 */
export const adminNavGroups = [
  { id: 'today', label: 'navGroupToday' },
  { id: 'stock', label: 'navGroupStock' },
  { id: 'books', label: 'navGroupBooks' },
  { id: 'team', label: 'navGroupTeam' },
  { id: 'settings', label: 'navGroupSettings' },
] as const satisfies readonly { id: string; label: keyof AdminMessages }[];

export type AdminNavGroupId = (typeof adminNavGroups)[number]['id'];

export interface AdminNavPage {
  /** The page's URL. */
  path: string;
  /** The page's name in the admin message files. */
  label: PageLabel;
  icon: LucideIcon;
  /** The right of shared/team.ts's table the page needs: a role without it never sees the page. */
  right: Right;
  /** The nav's group it is listed under. */
  group: AdminNavGroupId;
  /** In the phone's bottom bar; the others are behind its "More" button (all are in the desk's side nav). */
  primary?: boolean;
}

/** A group of the nav with the pages of it a role may open. */
export interface AdminNavGroup {
  id: AdminNavGroupId;
  label: (typeof adminNavGroups)[number]['label'];
  pages: readonly AdminNavPage[];
}

/** The spec's admin panel ('Add New Drink', the Drinks list, 'Guest Information'): the workspace's index. */
export const adminPanelPath = '/admin';

/**
 * The workspace's pages, a group's pages together and in the nav's order. A new page: a folder
 * src/web/admin/<page>/ with a `<page>-route.tsx` module (loader, action, Component), a line here with its
 * group and its module in admin-page-routes.ts (the typecheck asks for it). This table imports no page, so a
 * page may import what reads it. The spec's panel is the workspace's index route, declared in
 * src/web/router.tsx (the spec puts it at /admin itself). The phone's bar holds the panel, the overview,
 * restock and history, in this order; the drinks' own page is under "More", since the panel has the drinks too.
 */
export const adminPages = [
  // Today: the desk's day.
  {
    path: adminPanelPath,
    right: 'frontDesk',
    group: 'today',
    label: 'pagePanel',
    icon: ClipboardList,
    primary: true,
  },
  {
    path: '/admin/overview',
    right: 'frontDesk',
    group: 'today',
    label: 'pageOverview',
    icon: LayoutDashboard,
    primary: true,
  },
  // The departure round (seventh stage): housekeeping's list of the day, departures first.
  { path: '/admin/round', right: 'fridge', group: 'today', label: 'pageRound', icon: ListChecks },
  { path: '/admin/bungalows', right: 'frontDesk', group: 'today', label: 'pageBungalows', icon: BedDouble },
  { path: '/admin/requests', right: 'fridge', group: 'today', label: 'pageRequests', icon: BellRing },
  { path: '/admin/close', right: 'frontDesk', group: 'today', label: 'pageClose', icon: Calculator },
  // Stock: the fridges and the storeroom.
  {
    path: '/admin/restock',
    right: 'fridge',
    group: 'stock',
    label: 'pageRestock',
    icon: PackageCheck,
    primary: true,
  },
  { path: '/admin/stock', right: 'stockRead', group: 'stock', label: 'pageStock', icon: Boxes },
  { path: '/admin/buy-list', right: 'stockCosts', group: 'stock', label: 'pageBuyList', icon: ShoppingCart },
  // Sales and books: what was sold and what is declared.
  {
    path: '/admin/history',
    right: 'frontDesk',
    group: 'books',
    label: 'pageHistory',
    icon: History,
    primary: true,
  },
  { path: '/admin/reports', right: 'frontDesk', group: 'books', label: 'pageReports', icon: ChartColumn },
  // Tax documents (fifth stage): the output-tax report, owner and manager
  { path: '/admin/tax-report', right: 'oversight', group: 'books', label: 'pageTaxReport', icon: Landmark },
  // Team: who works and what everyone did.
  { path: '/admin/staff', right: 'team', group: 'team', label: 'pageStaff', icon: Users },
  { path: '/admin/activity', right: 'oversight', group: 'team', label: 'pageActivity', icon: ScrollText },
  // Settings: what is set once and changed rarely.
  { path: '/admin/drinks', right: 'catalogue', group: 'settings', label: 'pageDrinks', icon: CupSoda },
  {
    path: '/admin/settings',
    right: 'catalogue',
    group: 'settings',
    label: 'pageSettings',
    icon: SlidersHorizontal,
  },
  // The bungalows' QR stickers: printed once a bungalow, from the settings' address.
  { path: '/admin/stickers', right: 'catalogue', group: 'settings', label: 'pageStickers', icon: QrCode },
  {
    path: '/admin/integrations',
    right: 'integrations',
    group: 'settings',
    label: 'pageIntegrations',
    icon: Webhook,
  },
  // Guests' personal data (fifth stage)
  { path: '/admin/guest-data', right: 'guestData', group: 'settings', label: 'pageGuestData', icon: UserX },
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

/** The nav's groups with the pages a role may open; a group with none of them is left out. */
export function navGroupsOf(role: Role | null): AdminNavGroup[] {
  const pages = pagesOf(role);
  return adminNavGroups
    .map((group) => ({ ...group, pages: pages.filter((page) => page.group === group.id) }))
    .filter((group) => group.pages.length > 0);
}

/** The page the URL is on: the longest nav path that is the pathname or a folder above it. */
export function currentAdminPage(pathname: string): AdminNavPage | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return [...adminPages]
    .filter((page) => path === page.path || path.startsWith(`${page.path}/`))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
