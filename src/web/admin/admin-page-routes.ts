import type { RouteObject } from 'react-router';
import type { AdminPagePath, adminPanelPath } from './admin-pages';

/**
 * Each workspace page's route module (loader, action, Component), a lazy chunk of its own. Only the router
 * imports this file, so no page imports back into the modules that import it.
 */
const pageModules: Record<Exclude<AdminPagePath, typeof adminPanelPath>, NonNullable<RouteObject['lazy']>> = {
  '/admin/overview': () => import('./overview/overview-route'),
  '/admin/drinks': () => import('./drinks/drinks-route'),
  '/admin/bungalows': () => import('./bungalows/bungalows-route'),
  '/admin/round': () => import('./round/round-route'),
  '/admin/restock': () => import('./restock/restock-route'),
  '/admin/stock': () => import('./stock/stock-route'),
  '/admin/buy-list': () => import('./buy-list/buy-list-route'),
  '/admin/requests': () => import('./requests/requests-route'),
  '/admin/history': () => import('./history/history-route'),
  '/admin/close': () => import('./close/close-route'),
  '/admin/reports': () => import('./reports/reports-route'),
  '/admin/settings': () => import('./settings/settings-route'),
  '/admin/stickers': () => import('./stickers/stickers-route'),
  '/admin/staff': () => import('./staff/staff-route'),
  '/admin/activity': () => import('./activity/activity-route'),
  '/admin/integrations': () => import('./integrations/integrations-route'),
  // Tax documents (fifth stage)
  '/admin/tax-report': () => import('./tax-report/tax-report-route'),
  // Guests' personal data (fifth stage)
  '/admin/guest-data': () => import('./privacy/guest-data-route'),
};

/** The pages' routes, as children of the workspace's route (src/web/router.tsx patches them in). */
export function adminPageRoutes(): RouteObject[] {
  return [
    ...Object.entries(pageModules).map(
      ([path, lazy]) => ({ path: path.slice('/admin/'.length), lazy }) as RouteObject,
    ),
    // A page under a nav page (the nav marks its parent): the stock ledger's moves.
    { path: 'stock/moves', lazy: () => import('./stock/moves-route') } as RouteObject,
  ];
}
