import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startLanguage } from './i18n/language';
import { router } from './router';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The service worker and the outbox: after the page has loaded, in their own chunk (offline/start.ts).
const startOffline = () => {
  import('./offline/start')
    .then(({ startOffline }) => startOffline())
    .catch((error) => console.error('The offline support could not be loaded', error));
};
if (document.readyState === 'complete') startOffline();
else window.addEventListener('load', startOffline, { once: true });

const appRoot = root;
// The language's messages first (none to fetch for English), so the page never flashes another language.
startLanguage().finally(() => {
  createRoot(appRoot).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
