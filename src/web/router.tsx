import { createBrowserRouter, Navigate } from 'react-router';
import { checkoutLoader } from './checkout/checkout-loader';
import { CheckoutPage } from './checkout/checkout-page';
import { ErrorPage } from './components/error-page';
import { Layout } from './components/layout';

export const router = createBrowserRouter(
  [
    {
      path: '/',
      Component: Layout,
      ErrorBoundary: ErrorPage,
      children: [
        { index: true, element: <Navigate to="/checkout" replace /> },
        { path: 'checkout', loader: checkoutLoader, Component: CheckoutPage },
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
  ],
  {
    // Called while /admin/<page> matches only the catch-all route: its match has a parameter.
    async patchRoutesOnNavigation({ path, patch }) {
      if (!path.startsWith('/admin/')) return;
      const { adminPageRoutes } = await import('./admin/admin-page-routes');
      patch('admin', adminPageRoutes());
    },
  },
);
