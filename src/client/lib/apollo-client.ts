import type { ApolloClient } from '@apollo/client';
import { createContext, createElement, useContext, useMemo, useSyncExternalStore, type Context, type ReactNode } from 'react';
import { nextTask } from './idle';

/**
 * The tab's Apollo client, which loads after the first render. Apollo, its cache and rxjs are about 45 KiB
 * brotli, a third of what a first visit needs before the page answers a tap: 1.5 s on 2G. Nothing a catalog page
 * shows at first needs it (the page's data comes with the HTML, the cart is fetched after hydration), so it loads
 * once the page has hydrated, its controls have switched on and it has loaded (app/start.tsx, clientWanted: sooner at
 * the shopper's first tap or key; at once for a shopper with a cart, whose outbox asks for it), and whatever needs
 * it sooner (a loader, a tap on Buy, a search) loads it here. A page whose components query as they render waits for it before it renders
 * (app/routes.tsx). A failed load is tried again by the next caller (and, after hydration, on its own:
 * loadApolloClientAfterHydration); the browser fetches the chunk again where it does not keep a failed module fetch.
 */
let client: ApolloClient | null = null;
let loading: Promise<ApolloClient> | null = null;
const listeners = new Set<() => void>();

export function loadApolloClient(): Promise<ApolloClient> {
  loading ??= import('./apollo')
    .then(async ({ createBrowserApollo }) => {
      // Separate tasks where there was one of 15-20 ms (a Lighthouse trace of the home page, no slowdown): the
      // chunk's evaluation, the client's making (decision 0007, 2026-12-02 (later)), and each reader of the client
      // (a useApollo; the cart has two) rendering for it. Told together, they rendered in one batch with their
      // effects: the account's shell, the cart, its outbox and the tab coordinator starting, 14-16 ms (decision 0007,
      // 2026-12-02 (a fourth host)). Until its turn a reader shows what it showed without the client, as it did
      // while the chunk loaded; one that renders meanwhile for another reason reads the client already.
      await nextTask();
      const made = createBrowserApollo();
      client = made;
      for (const listener of [...listeners]) {
        // One that went away meanwhile (its component unmounted) is not told, and costs no task.
        if (!listeners.has(listener)) continue;
        await nextTask();
        if (listeners.has(listener)) listener();
      }
      return made;
    })
    .catch((error: unknown) => {
      // Made already: the one client stays the tab's (a second would have a cache of its own).
      if (client) return client;
      // The chunk did not arrive (offline on a first visit): the next caller tries again.
      loading = null;
      throw error;
    });
  return loading;
}

/**
 * After hydration (once the page's controls have switched on and the page has loaded, app/start.tsx): loads the
 * client now and, should its code not arrive (a first visit on a failing link), again when the connection returns
 * or the tab is shown, so the cart, the account panel and the outbox do not stay without it until something else
 * asks.
 */
export function loadApolloClientAfterHydration(attempt = 0): void {
  loadApolloClient().catch(() => {
    const retry = () => {
      window.removeEventListener('online', retry);
      document.removeEventListener('visibilitychange', retryWhenShown);
      clearTimeout(timer);
      // Something else may have loaded it meanwhile.
      if (!client) loadApolloClientAfterHydration(attempt + 1);
    };
    const retryWhenShown = () => {
      if (document.visibilityState === 'visible') retry();
    };
    window.addEventListener('online', retry);
    document.addEventListener('visibilitychange', retryWhenShown);
    // 15 s, 30 s, 60 s… at most every 5 minutes.
    const timer = setTimeout(retry, Math.min(RETRY_MS * 2 ** attempt, MAX_RETRY_MS));
  });
}
const RETRY_MS = 15_000;
const MAX_RETRY_MS = 300_000;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
const loadedClient = () => client;

/**
 * Apollo's own context, which its hooks read, given the client by app/Providers.tsx. Found where Apollo's
 * getApolloContext keeps it (a property of React.createContext under a global symbol, so that copies of Apollo
 * share it), rather than imported: '@apollo/client/react' is an index of every hook, and the first route's chunk
 * takes every module a module in it imports (vite.config.ts), Apollo's client and cache with them.
 * apollo-client.test.ts checks that Apollo's getApolloContext answers this same context.
 */
const APOLLO_CONTEXT_KEY = Symbol.for('__APOLLO_CONTEXT__');
type ApolloContextValue = { client?: ApolloClient };
export const ApolloContext = apolloContext();

function apolloContext(): Context<ApolloContextValue> {
  const holder = createContext as unknown as Record<symbol, Context<ApolloContextValue> | undefined>;
  const existing = holder[APOLLO_CONTEXT_KEY];
  if (existing) return existing;
  const context = createContext<ApolloContextValue>({});
  context.displayName = 'ApolloContext';
  Object.defineProperty(createContext, APOLLO_CONTEXT_KEY, { value: context, enumerable: false, writable: false, configurable: true });
  return context;
}

/**
 * Apollo's context in the tab: one value for the tab's life, whose client is the tab's once it has loaded. Apollo's
 * own hooks (useQuery) read it as they render but do not render again when the client arrives: only a page that
 * waits for the client before it renders (rendersWithClient, app/routes.tsx) may use them; other components read the
 * client through useApollo.
 */
const tabClient: ApolloContextValue = {
  get client() {
    return client ?? undefined;
  },
};

/**
 * Gives the tree a client: the server's or a test's when given, else the tab's once it has loaded. The same during
 * hydration (the context's value is not in the markup), so a page that waited for the client hydrates with it.
 * (Apollo's own ApolloProvider insists on a client from the start.)
 * The client's arrival changes no context value: only the components that read the client (useApollo) hear of it,
 * each on its own, as a store's change that React applies at once. A new context value at the top made React hydrate
 * at once every part of the page still hydrating (the home page's product rows), in one task of 270-570 ms at 4x
 * CPU, its longest after hydration. (As a transition it would be held back instead, with every page change after it,
 * until each part of the page still waiting for its code had hydrated.)
 */
export function ShopApolloProvider({ client, children }: { client?: ApolloClient; children: ReactNode }) {
  const value = useMemo(() => (client ? { client } : tabClient), [client]);
  return createElement(ApolloContext.Provider, { value }, children);
}

/** The client given to the tree (the server's, a test's, through this provider or Apollo's own), null in the tab. */
function useGivenClient(): ApolloClient | null {
  const context = useContext(ApolloContext);
  return context === tabClient ? null : (context.client ?? null);
}

/**
 * The one way a component gets at Apollo. `ready` is the client the components are given (the server's, a
 * test's, or the tab's once loaded), null until then: what a component that queries as it renders reads, and
 * only pages whose route entry says `rendersWithClient` may count on it at once. `get` is for an action (a
 * submit, a search): the client, once it is there, loading it if nothing has yet. Mutations from forms go through
 * useShopMutation (lib/use-shop-mutation.ts), which answers the one client error shape.
 */
export interface ShopApollo {
  ready: ApolloClient | null;
  get: () => Promise<ApolloClient>;
}

/**
 * The client for an action (a tap, a submit, the cart's outbox), loading it if nothing has yet. Unlike useApollo,
 * the component is not rendered again when the client arrives: what renders many times on a page (a product card's
 * buy button, whose render for the arrival took 540 ms at 4x CPU on the home page) and never shows the client's
 * data uses this.
 */
export function useApolloForActions(): () => Promise<ApolloClient> {
  const given = useGivenClient();
  return useMemo(() => (given ? () => Promise.resolve(given) : loadApolloClient), [given]);
}

export function useApollo(): ShopApollo {
  const given = useGivenClient();
  const loaded = useSyncExternalStore(subscribe, loadedClient, loadedClient);
  const ready = given ?? loaded;
  return useMemo(() => ({ ready, get: () => (ready ? Promise.resolve(ready) : loadApolloClient()) }), [ready]);
}
