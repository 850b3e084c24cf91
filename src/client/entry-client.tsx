import './styles/main.css';
import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { splitLocalePath } from '../shared/locales';
import { BOOT_ELEMENT_ID, HYDRATED_MARK, type Boot } from './app/boot';
import { Providers } from './app/Providers';
import { createRoutes } from './app/routes';
import { createBrowserApollo } from './lib/apollo';
import { createPersistedStore } from './lib/persisted-state';
import { registerServiceWorker } from './lib/service-worker';

const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '{}') as Boot;
const client = createBrowserApollo();
const store = createPersistedStore(boot.persisted);
// The router picks up the loader data the server rendered with (window.__staticRouterHydrationData).
const router = createBrowserRouter(createRoutes(client));

/**
 * Marks the moment hydration has committed, when taps start to work: npm run bench:2g reads it as "hydrated".
 * The root's effect runs after every effect below it, so the whole page is interactive by then.
 */
function HydratedMark({ children }: { children: ReactNode }) {
  useEffect(() => void performance.mark(HYDRATED_MARK), []);
  return children;
}

// As a transition, hydration yields to the browser every few milliseconds instead of blocking the main
// thread for the whole document, so a tap during start-up is answered at once (Total Blocking Time).
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <Providers boot={boot} languageId={splitLocalePath(window.location.pathname).languageId} client={client} store={store}>
        <HydratedMark>
          <RouterProvider router={router} />
        </HydratedMark>
      </Providers>
    </StrictMode>,
  );
});

registerServiceWorker();
