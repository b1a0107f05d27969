import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

export const router = createBrowserRouter(routes, {
  // Called while /admin/<page> matches only the catch-all route: its match has a parameter.
  async patchRoutesOnNavigation({ path, patch }) {
    if (!path.startsWith('/admin/')) return;
    const { adminPageRoutes } = await import('./admin/admin-page-routes');
    patch('admin', adminPageRoutes());
  },
});
