import { type RouteObject, replace } from 'react-router';
import { checkoutLoader } from './checkout/checkout-loader';
import { CheckoutPage } from './checkout/checkout-page';
import { ErrorPage } from './components/error-page';
import { Layout } from './components/layout';

/**
 * The app's routes: the browser's router (router.tsx) and the server's render of the guest's page
 * (checkout/checkout-render.tsx) use this one tree, so the server's /checkout is the page itself. The ids
 * name the routes in both.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    Component: Layout,
    // In the first load: a route's error must show even when the connection went before any other chunk came.
    ErrorBoundary: ErrorPage,
    children: [
      // A redirect that replaces / in the history, as <Navigate replace> did, without that component's code.
      { index: true, loader: () => replace('/checkout') },
      { id: 'checkout', path: 'checkout', loader: checkoutLoader, Component: CheckoutPage },
      // The admin workspace and each of its pages are chunks of their own, which a guest never loads. The
      // spec's panel is its index (/admin itself, as the spec says); the other pages' routes
      // (src/web/admin/admin-page-routes.ts), patched in below when a URL under /admin/ is first opened, so their
      // list costs /checkout nothing.
      {
        id: 'admin',
        path: 'admin',
        lazy: () => import('./admin/admin-route'),
        children: [{ index: true, lazy: () => import('./admin/panel/panel-route') }],
      },
      {
        path: '*',
        loader: () => {
          throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
        },
      },
    ],
  },
];
