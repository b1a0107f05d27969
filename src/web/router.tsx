import { createBrowserRouter, Navigate } from 'react-router';
import { checkoutLoader } from './checkout/checkout-loader';
import { CheckoutPage } from './checkout/checkout-page';
import { ErrorPage } from './components/error-page';
import { Layout } from './components/layout';

export const router = createBrowserRouter([
  {
    path: '/',
    Component: Layout,
    ErrorBoundary: ErrorPage,
    children: [
      { index: true, element: <Navigate to="/checkout" replace /> },
      { path: 'checkout', loader: checkoutLoader, Component: CheckoutPage },
      // The admin panel (forms, schemas' resolver, its API calls) is a separate chunk a guest never loads.
      { path: 'admin', lazy: () => import('./admin/admin-route') },
      {
        path: '*',
        loader: () => {
          throw new Response('Not Found', { status: 404, statusText: 'Not Found' });
        },
      },
    ],
  },
]);
