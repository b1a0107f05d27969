import { createBrowserRouter } from 'react-router';
import { routes } from './routes';

/**
 * The app's router, made when main.tsx starts (in a task of its own, not as this module loads): making it
 * runs the first page's loaders.
 */
export function createAppRouter() {
  return createBrowserRouter(routes, {
    // Called while /admin/<page> matches only the catch-all route: its match has a parameter.
    async patchRoutesOnNavigation({ path, patch }) {
      if (!path.startsWith('/admin/')) return;
      const { adminPageRoutes } = await import('./admin/admin-page-routes');
      patch('admin', adminPageRoutes());
    },
  });
}
