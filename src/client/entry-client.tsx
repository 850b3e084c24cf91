import './styles/main.css';
import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { splitLocalePath } from '../shared/locales';
import { BOOT_ELEMENT_ID, type Boot } from './app/boot';
import { Providers } from './app/Providers';
import { createRoutes } from './app/routes';
import type { LayoutData } from './features/layout/layout-loader';
import { createBrowserApollo } from './lib/apollo';
import { configureOfflineData, leftFirstPage, noteFirstPage, recordFirstPage, startOfflineData } from './lib/offline-data';
import { createPersistedStore } from './lib/persisted-state';
import { registerServiceWorker } from './lib/service-worker';

const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '{}') as Boot;
noteFirstPage(boot.renderedAt);
const client = createBrowserApollo();
const store = createPersistedStore(boot.persisted);
// The router picks up the loader data the server rendered with (window.__staticRouterHydrationData).
const router = createBrowserRouter(createRoutes(client));
// The routes the tab started on, kept for recordFirstPage even if the shopper has moved on by then.
const firstMatches = router.state.matches;
const firstUrl = window.location.href;
const unsubscribe = router.subscribe((state) => {
  if (state.navigation.state === 'idle') return;
  leftFirstPage();
  unsubscribe();
});

// As a transition, hydration yields to the browser every few milliseconds instead of blocking the main
// thread for the whole document, so a tap during start-up is answered at once (Total Blocking Time).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Providers boot={boot} languageId={splitLocalePath(window.location.pathname).languageId} client={client} store={store}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
});

registerServiceWorker();

// The data's version comes with the layout (in the HTML). The device's copy of the catalog opens once the page
// is idle: its code and IndexedDB stay out of the first render, and a loader that needs it first opens it itself.
const layout = Object.values(router.state.loaderData).find((data): data is LayoutData => Boolean((data as Partial<LayoutData> | undefined)?.layout));
if (layout) {
  configureOfflineData({ schemaVersion: layout.layout.shop.schemaVersion });
  const open = () => void startOfflineData().then((store) => (store ? recordFirstPage(firstMatches, firstUrl) : undefined));
  if ('requestIdleCallback' in window) requestIdleCallback(open, { timeout: 3000 });
  else setTimeout(open, 1000);
}
