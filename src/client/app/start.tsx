/**
 * The client's start, which the entry (entry-client.tsx) runs by importing it: read what the server handed the page,
 * hydrate it, then what comes after the first render. The entry, this and everything they import statically are one
 * chunk, the shell's (vite.config.ts).
 */
import { startTransition, StrictMode, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { pageDataStrategy } from '../lib/page-transition';
import { RouterProvider } from 'react-router/dom';
import { splitLocalePath } from '../../shared/locales';
import { BOOT_ELEMENT_ID, HYDRATED_MARK, type Boot } from './boot';
import { Providers } from './Providers';
import { createRoutes, pageModuleAt, pageModules, resolveLazyRoutes, shownLanguageOf, type PageModuleId } from './routes';
import { layoutDataOf } from '../features/layout/layout-data';
import { completeFirstMessages } from '../i18n/messages';
import { onNextTry, reloadTo } from '../lib/chunk-guard';
import { configurePersonalisation, startTelemetry } from '../features/analytics';
import { opensAccountAtOnce } from '../features/account';
import { loadApolloClient, loadApolloClientAfterHydration } from '../lib/apollo-client';
import { configureOfflineData, leftFirstPage, noteFirstPage, recordFirstPage, startOfflineData } from '../lib/offline-data';
import { createPersistedStore } from '../lib/persisted-state';
import { afterPageLoad, whenIdle } from '../lib/idle';
import { prefetchEachWhenIdle } from '../lib/prefetch';
import { registerServiceWorker } from '../lib/service-worker';
import { markPageHydrated, pageHydrated, useHydrated } from '../hooks/use-hydrated';

// No handler for Vite's 'vite:preloadError': left alone, the failed import rejects and its importer decides. A page's
// chunk reloads the page (loadChunk, lib/chunk-guard.ts); the Apollo client's chunk is fetched again on its own when
// the connection is back (lib/apollo-client.ts), without losing what is on the screen.
const boot = JSON.parse(document.getElementById(BOOT_ELEMENT_ID)?.textContent ?? '{}') as Boot;
noteFirstPage(boot.renderedAt);
const store = createPersistedStore(boot.persisted);
configurePersonalisation(boot.personalisation ?? null, boot.cookieConsent === true);
/**
 * When the tab starts what it starts on its own after the first render (the Apollo client and what waits for it:
 * the account's extras, the live updates, a visitor's empty cart outbox; the device's copy of the catalog, the shown
 * page's loader and the linked pages' code): once taps work (pageHydrated), then once the page has loaded and the
 * main thread is idle (afterPageLoad). Started at the hydration commit, its work and the renders it caused held the
 * transition that switches the controls on back, by 0.3-0.5 s on a catalog page at a 4x CPU slowdown; started
 * at the switch-on, its tasks ran beside the pictures and chunks still arriving and drawing, and each one's wall time
 * stretched several times over its CPU time (decision 0007, 2026-12-02 (a sixth host)).
 */
const pageSettled = pageHydrated.then(() => afterPageLoad());
/**
 * The Apollo client alone comes sooner, at the shopper's first tap or key (or the connection back): they are using
 * the page now, and the account button or the cart panel shows what comes with the client. The rest waits for
 * pageSettled still: started by that tap, it ran under the shopper's next ones (a link's page, a toggle), and a first
 * scroll on a phone starts with a tap. An address that opens the account (opensAccountAtOnce) loads the client at
 * once, and so does a shopper with a cart (its outbox, useCart), as does an action that needs it (Buy, a search, a
 * link).
 */
const shopperTried = new Promise<void>((resolve) => onNextTry(resolve));
const clientWanted = pageHydrated.then(() => Promise.race([pageSettled, shopperTried]));
// The Apollo client loads after the first render (lib/apollo-client.ts): the loaders wait for it.
type HydrationData = Parameters<typeof shownLanguageOf>[0];
const routeTable = createRoutes(loadApolloClient, shownLanguageOf((window as { __staticRouterHydrationData?: HydrationData }).__staticRouterHydrationData));

/**
 * Marks the moment taps start to work: npm run bench:2g (and the browser tests' untilHydrated) read it as
 * "hydrated". That is one render after the hydration commit: the controls that wait for hydration (useHydrated)
 * switch on in a transition, the same one as this component's flip, and the root's layout effect runs after every
 * layout effect below it, in the commit that switched them on. What hydrates after the page (the footer and the main
 * menu, Layout.tsx; a page's lazy parts) switches on when it hydrates, or at once where a tap lands in it; what waits
 * for usePageHydrated (the pictures below the first screen, the closed panels) comes after this mark.
 */
function HydratedMark({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  // In the commit itself, before any effect of the controls it switched on starts something.
  useLayoutEffect(() => {
    if (!hydrated) return;
    performance.mark(HYDRATED_MARK);
    markPageHydrated();
  }, [hydrated]);
  useEffect(() => {
    if (!hydrated) return;
    // Apollo's code comes once the page has settled: not while the page hydrates, nor while its controls switch on,
    // a transition its arrival would hold back (lib/apollo-client.ts).
    if (opensAccountAtOnce(window.location.search)) loadApolloClientAfterHydration();
    else void clientWanted.then(() => loadApolloClientAfterHydration());
    // Telemetry's code comes later still, when the page is idle, and only with an instrumentation key.
    startTelemetry(boot.telemetry, boot.requestId, boot.cookieConsent === true);
  }, [hydrated]);
  return children;
}

interface Hydrated {
  router: ReturnType<typeof createBrowserRouter>;
  firstMatches: ReturnType<typeof createBrowserRouter>['state']['matches'];
  firstUrl: string;
}

function hydrate(): Hydrated {
  // The router picks up the loader data the server rendered with (window.__staticRouterHydrationData).
  const router = createBrowserRouter(routeTable, { dataStrategy: pageDataStrategy });
  const languageId = splitLocalePath(window.location.pathname).languageId;
  // The HTML holds the texts the server's render used; the rest of the language's come now, while it hydrates.
  const layout = layoutDataOf(router.state.loaderData);
  if (layout) completeFirstMessages(layout.data.messages, languageId);
  reloadTo(() => {
    const next = router.state.navigation.location;
    return next ? `${next.pathname}${next.search}${next.hash}` : null;
  });
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
        <Providers boot={boot} languageId={languageId} store={store}>
          <HydratedMark>
            <RouterProvider router={router} />
          </HydratedMark>
        </Providers>
      </StrictMode>,
    );
  });
  return { router, firstMatches, firstUrl };
}

/**
 * The data's version comes with the layout (in the HTML), and is set at once: a link tapped before the page's
 * controls have switched on runs its loader with the device's copy at hand. The copy itself opens once the page has
 * settled (pageSettled) and is idle: its code and IndexedDB stay out of the first render, and a loader that needs it
 * sooner opens it itself.
 */
function configureFirstPageData({ router }: Hydrated): boolean {
  const layout = layoutDataOf(router.state.loaderData);
  if (!layout) return false;
  configureOfflineData({ schemaVersion: layout.data.layout.shop.schemaVersion });
  return true;
}

function openOfflineData({ firstMatches, firstUrl }: Hydrated): void {
  whenIdle(() => void startOfflineData().then((store) => (store ? recordFirstPage(firstMatches, firstUrl) : undefined)), 3000);
}

// The shown page's chunk first (the server already asked the browser to preload it). Should it fail to load, the
// router loads it itself, at the cost of a blank moment.
void resolveLazyRoutes(routeTable, window.location.pathname)
  .catch(() => undefined)
  .then(hydrate)
  .then(async (hydrated) => {
    const configured = configureFirstPageData(hydrated);
    await pageSettled;
    if (configured) openOfflineData(hydrated);
    // The shown page's loader, on any connection: the shopper's next move on this page runs it (an error page's
    // address, /p/gone, shows no page of its own).
    const shown = hydrated.router.state.errors ? null : pageModuleAt(routeTable, window.location.pathname);
    if (shown) preloadPage(shown);
    prefetchLinkedPages();
  });

// The shopper's first tap or key (or the connection back) also counts: whatever it needs of what waits for
// pageHydrated should not wait for a switch-on that something held back (nor, the client, for the page's load).
onNextTry(markPageHydrated);

/**
 * The pages this one links to, so a tap opens them without waiting for their code (not on 2G or save-data). Each
 * distinct path is matched against its language's routes in idle slices: a page of products has a hundred links.
 */
function prefetchLinkedPages(): void {
  const paths = new Set<string>();
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[href]')) if (link.origin === window.location.origin) paths.add(link.pathname);
  const asked = new Set<PageModuleId>();
  prefetchEachWhenIdle([...paths], (path) => {
    const id = pageModuleAt(routeTable, path);
    if (!id || asked.has(id)) return;
    asked.add(id);
    preloadPage(id);
  });
}

/**
 * A page's code, and its loader's where that is a chunk apart (the lists, the product, home, content and preview
 * pages name it preloadLoader): the first page's data comes from the server, so hydrating it needs none of its loader, which
 * runs on the first change of filters or page, or on the way back to it.
 */
function preloadPage(id: PageModuleId): void {
  void pageModules[id]()
    .then((module): Promise<unknown> | undefined => ('preloadLoader' in module ? module.preloadLoader() : undefined))
    .catch(() => undefined);
}

registerServiceWorker(pageHydrated);
