import type { ApolloClient } from '@apollo/client';
import type { ComponentType } from 'react';
import { matchRoutes, parsePath, redirectDocument, type LoaderFunctionArgs, type NonIndexRouteObject, type RouteObject } from 'react-router';
import { languageIds, splitLocalePath, type LanguageId } from '../../shared/locales';
import { pageRoutes, routes, type PageRouteId } from '../../shared/routes';
import { ErrorPage, RootErrorPage } from './ErrorPage';
import type { ListRoute } from '../features/catalog/ListPage';
import { checkoutLoader } from '../features/checkout/checkout-loader';
import { Layout } from '../features/layout/Layout';
import { pageRouteHandle, pageRouteOf } from '../lib/page-route';
import { loaderEnvFor, notFound, withAsOf, type LoaderEnv } from '../lib/route-context';
import { loadChunk, loadLoaderChunk } from '../lib/chunk-guard';
import { featureModuleKey } from '../lib/lazy-part';
import { wholeMessages } from '../i18n/messages';

/** Last path segment, for the '*' routes where only the final alias matters (/c/{parent}/{category}). */
const lastSegment = (args: LoaderFunctionArgs) => (args.params['*'] ?? '').split('/').filter(Boolean).pop() ?? args.params.alias;

/** What the router shows for a route of the table; the paths, page type and layout come from the table. */
type PageRouteObject = Pick<NonIndexRouteObject, 'loader' | 'Component' | 'element' | 'lazy'>;

/** A page's loader gets the environment of this one page load (see withAsOf), not the tree's shared one. */
type PageLoader = (args: LoaderFunctionArgs, env: LoaderEnv) => unknown;

/** What a page shows once its module has loaded: its component and, when it fetches, its loader. */
interface ShownPage {
  Component: ComponentType;
  loader?: PageLoader;
}

/** A page's code: one chunk per page (and shared chunks for what pages share), loaded when the page is shown. */
interface PageModule<Id extends string = string, M = unknown> {
  id: Id;
  /** Its file under src/client/features, without .tsx (pageModuleFiles names it as Vite's build manifest does). */
  file: string;
  load: () => Promise<M>;
  /**
   * Its components use Apollo as they render (the checkout's and the account's forms and queries). The route
   * waits for the tab's Apollo client, which loads after the first render (lib/apollo-client.ts), before the page
   * renders, and so before hydrating when it is the first page; npm run bench:bundle counts the client's chunks in
   * its first route. The catalog's pages need it only in their loaders, and not at all to hydrate.
   */
  rendersWithClient: boolean;
}

const pageModule = <Id extends string, M>(id: Id, file: string, load: () => Promise<M>, rendersWithClient = false): PageModule<Id, M> => ({
  id,
  file,
  load,
  rendersWithClient,
});

/**
 * One entry per route of the table (shared/routes.ts, which holds what the server needs too: the paths in each
 * language, the page type, the layout, whether the page is personal): the page's module and what the router shows
 * of it. A route added to the table does not compile until it has an entry here.
 */
interface PageEntry<Id extends string = string, M = unknown> {
  /** Null: the route shows nothing of its own (a redirect, the not-found answer, the worker's offline page). */
  module: PageModule<Id, M> | null;
  route: (env: LoaderEnv) => PageRouteObject;
}

/**
 * A page from its module: loaded lazily (component and loader in the page's chunk), so the first route's JS
 * carries only its own page; the server renders it in full and the browser loads the shown page's chunk before
 * hydrating. A page that renders with the client also waits for the tab's Apollo client.
 */
function page<Id extends string, M>(module: PageModule<Id, M>, show: (loaded: M) => ShownPage): PageEntry<Id, M> & { module: PageModule<Id, M> } {
  return {
    module,
    route: (env) => ({
      lazy: async () => {
        // These pages import Apollo's chunk themselves: the client can only fail where their own chunk does. A page
        // opened after the first also waits for the language's whole catalog (i18n/messages.ts).
        const [{ Component, loader }] = await Promise.all([loadChunk(module.load).then(show), module.rendersWithClient ? env.client() : null, loadChunk(wholeMessages)]);
        // Each load has a record of its own, so data shown from a copy while offline can say since when it is true.
        return loader ? { Component, loader: (args: LoaderFunctionArgs) => withAsOf(loaderEnvFor(env, args.context), (scoped) => loader(args, scoped)) } : { Component };
      },
    }),
  };
}

/**
 * A page some of whose parts load apart (lib/lazy-part.ts): its module comes with the code of the parts the
 * document shows, so that the first page hydrates them in the same pass (a page opened later has none yet).
 */
const withShownParts =
  <M extends { preloadShownParts: () => Promise<unknown> }>(load: () => Promise<M>) =>
  () =>
    load().then(async (loaded) => {
      await loaded.preloadShownParts().catch(() => undefined);
      return loaded;
    });

const listModule = pageModule('list', 'catalog/ListPage', withShownParts(() => import('../features/catalog/ListPage')));
const listPage = (route: (args: LoaderFunctionArgs, url: URL) => ListRoute) =>
  page(listModule, ({ ListPage, listLoader }) => ({
    Component: ListPage,
    loader: (args, env) => {
      const url = new URL(args.request.url);
      return listLoader(env, route(args, url), url);
    },
  }));
const byAlias = (type: 'category' | 'brand' | 'campaign' | 'alias') => listPage((args) => ({ type, alias: lastSegment(args) }));
/** pageModule's last argument: the page renders with the client. */
const withClient = true;

export const pageEntries = {
  home: page(pageModule('home', 'content/HomePage', () => import('../features/content/HomePage')), ({ HomePage, preloadLoader }) => ({
    Component: HomePage,
    loader: async (_args, env) => (await loadLoaderChunk(preloadLoader, env)).homeLoader(env),
  })),
  all: listPage(() => ({ type: 'all' })),
  category: byAlias('category'),
  brand: byAlias('brand'),
  campaign: byAlias('campaign'),
  search: listPage((args) => ({ type: 'search', text: args.params.search })),
  aliasList: byAlias('alias'),
  genericList: listPage((args, url) => ({ type: 'generic', kind: args.params.kind, params: url.searchParams })),
  brands: page(pageModule('brands', 'brands/BrandsPage', () => import('../features/brands/BrandsPage')), ({ BrandsPage, brandsLoader }) => ({
    Component: BrandsPage,
    loader: (_args, env) => brandsLoader(env),
  })),
  favorites: page(pageModule('favorites', 'catalog/FavoritesPage', () => import('../features/catalog/FavoritesPage')), ({ FavoritesPage, favoritesLoader }) => ({
    Component: FavoritesPage,
    loader: (args, env) => favoritesLoader(env, args.request),
  })),
  checkout: page(pageModule('checkout', 'checkout/CheckoutPage', () => import('../features/checkout/CheckoutPage'), withClient), ({ CheckoutPage }) => ({
    Component: CheckoutPage,
    loader: (_args, env) => checkoutLoader(env.languageId),
  })),
  orderConfirmation: page(
    pageModule('orderConfirmation', 'checkout/OrderConfirmationPage', () => import('../features/checkout/OrderConfirmationPage'), withClient),
    ({ OrderConfirmationPage }) => ({ Component: OrderConfirmationPage }),
  ),
  paymentFailed: page(
    pageModule('paymentFailed', 'checkout/PaymentFailedPage', () => import('../features/checkout/PaymentFailedPage'), withClient),
    ({ PaymentFailedPage }) => ({ Component: PaymentFailedPage }),
  ),
  product: page(pageModule('product', 'catalog/ProductPage', () => import('../features/catalog/ProductPage')), ({ ProductPage, preloadLoader }) => ({
    Component: ProductPage,
    loader: async (args, env) => (await loadLoaderChunk(preloadLoader, env)).productLoader(env, args.params.alias),
  })),
  accountOrders: page(pageModule('accountOrders', 'account/OrdersPage', () => import('../features/account/OrdersPage'), withClient), ({ OrdersPage, ordersLoader }) => ({
    Component: OrdersPage,
    loader: ordersLoader,
  })),
  accountSettings: page(
    pageModule('accountSettings', 'account/SettingsPage', () => import('../features/account/SettingsPage'), withClient),
    ({ SettingsPage, settingsLoader }) => ({ Component: SettingsPage, loader: settingsLoader }),
  ),
  accountBalance: page(pageModule('accountBalance', 'account/BalancePage', () => import('../features/account/BalancePage'), withClient), ({ BalancePage, balanceLoader }) => ({
    Component: BalancePage,
    loader: balanceLoader,
  })),
  resetPassword: page(
    pageModule('resetPassword', 'account/ResetPasswordPage', () => import('../features/account/ResetPasswordPage'), withClient),
    ({ ResetPasswordPage }) => ({ Component: ResetPasswordPage }),
  ),
  emailChange: page(pageModule('emailChange', 'account/EmailChangePage', () => import('../features/account/EmailChangePage'), withClient), ({ EmailChangePage }) => ({
    Component: EmailChangePage,
  })),
  account: { module: null, route: (env) => ({ lazy: async () => ({ loader: (await loadChunk(() => import('../features/account/account-loader'))).accountEntryLoader(env.languageId) }) }) },
  content: page(pageModule('content', 'content/ContentPage', withShownParts(() => import('../features/content/ContentPage'))), ({ ContentPage, preloadLoader }) => ({
    Component: ContentPage,
    loader: async (args, env) => (await loadLoaderChunk(preloadLoader, env)).contentLoader(env, args.params.alias),
  })),
  contentPreview: page(
    pageModule('contentPreview', 'content/ContentPreviewPage', withShownParts(() => import('../features/content/ContentPreviewPage'))),
    ({ ContentPreviewPage, preloadLoader }) => ({
      Component: ContentPreviewPage,
      loader: async (args, env) => (await loadLoaderChunk(preloadLoader, env)).contentPreviewLoader(env, args.params.alias),
    }),
  ),
  previewWidgets: page(
    pageModule('previewWidgets', 'content/PreviewWidgetsPage', () => import('../features/content/PreviewWidgetsPage')),
    ({ PreviewWidgetsPage, previewWidgetsLoader }) => ({ Component: PreviewWidgetsPage, loader: (_args, env) => previewWidgetsLoader(env) }),
  ),
  notFound: { module: null, route: () => ({ loader: () => notFound(), element: null }) },
  // Only ever rendered on the server (the worker's offline page has no app scripts): not in the entry chunk.
  offline: { module: null, route: () => ({ lazy: async () => ({ Component: (await import('../features/pwa/OfflinePage')).OfflinePage }) }) },
} satisfies Record<PageRouteId, PageEntry>;

/** The page modules, one per chunk, by id (derived from the entries). */
type EntryModule = NonNullable<(typeof pageEntries)[PageRouteId]['module']>;
export type PageModuleId = EntryModule['id'];
const pageModuleList = (): PageModule<PageModuleId>[] => [...new Set(Object.values(pageEntries).map((entry): PageModule<PageModuleId> | null => entry.module))].filter((module) => module !== null);
const byModule = <T,>(value: (module: PageModule<PageModuleId>) => T) => Object.fromEntries(pageModuleList().map((module) => [module.id, value(module)])) as Record<PageModuleId, T>;

/** Each page module's source file, as Vite's build manifest names it (the server preloads the shown page's chunk). */
export const pageModuleFiles = /* @__PURE__ */ byModule((module) => featureModuleKey(module.file));

/** Loads each page module (app/start.tsx: the pages that links lead to, ahead of the tap). */
export const pageModules = byModule((module) => module.load) as { [Id in PageModuleId]: Extract<EntryModule, { id: Id }>['load'] };

/** Which page module each route of the table shows (null: the route renders nothing of its own). */
export const pageModuleOf = Object.fromEntries(Object.entries(pageEntries).map(([id, entry]) => [id, entry.module?.id ?? null])) as Record<PageRouteId, PageModuleId | null>;

/** The pages whose components use Apollo as they render (see PageModule.rendersWithClient). */
export const pagesRenderingWithClient: ReadonlySet<PageModuleId> = /* @__PURE__ */ modulesRenderingWithClient();

function modulesRenderingWithClient(): ReadonlySet<PageModuleId> {
  return new Set(
    pageModuleList()
      .filter((module) => module.rendersWithClient)
      .map((module) => module.id),
  );
}

/** The table's routes in one language, each path its own route object; the handle carries the table's facts. */
function pageRoutesFor(env: LoaderEnv): RouteObject[] {
  return (Object.keys(pageRoutes) as PageRouteId[]).flatMap((id) => {
    const route = pageEntries[id].route(env);
    return pageRoutes[id].paths[env.languageId].map((path): RouteObject => {
      const page = { ...route, handle: pageRouteHandle(id) };
      return path === '' ? { ...page, index: true } : { ...page, path };
    });
  });
}

const localeTreeId = (languageId: LanguageId) => `layout-${languageId}`;

/**
 * One tree per language ('/' Swedish, '/en' English). Loaders fetch through the given Apollo client: an
 * in-process one on the server, the tab's own in the browser, so the first HTML already holds the data.
 *
 * `shown`: the browser's table holds the shown language's tree alone, and in the other's place one route that loads
 * any of its addresses as a new page (the other language's texts and data are another page's, as LanguageSwitch
 * says). The router flattens and ranks its whole table as it starts (and resolveLazyRoutes once before it): with
 * both languages' pages, twice the work. The other tree keeps its place, so the routes' ids match the server's (its
 * data for the page is keyed by them).
 */
export function createRoutes(client: ApolloClient | (() => Promise<ApolloClient>), shown?: LanguageId): RouteObject[] {
  const clientFor = typeof client === 'function' ? client : () => Promise.resolve(client);
  const localeTree = (languageId: LanguageId, path: string): RouteObject => {
    const env: LoaderEnv = { client: clientFor, languageId };
    return {
      id: localeTreeId(languageId),
      path,
      // Its code (the layout query's document among it) is a chunk of its own: hydration reads the server's data
      // (see shouldRevalidate below for when it runs again).
      // Recording the first page (lib/offline-data.ts) leaves it out: the service worker keeps the frame's answers
      // (menus, category tree) of both languages from its install, and writing the menus into the tab's cache and
      // the device's copy were the two longest tasks after hydration (about 190 and 130 ms at Lighthouse's
      // calibrated CPU).
      loader: async (args) => (loaderEnvFor(env, args.context).recordOnly ? null : (await loadChunk(layoutLoaderModule)).layoutLoader(env)),
      // Once it has its data (from the HTML, as every tab starts), the frame's loader never runs again: the frame reads
      // nothing of a page or its query, where the router's default ran it on every change of the query string (a
      // list's filters and pages) and on a retry after an error. The router still runs it when it has no data (its
      // own error); the other language is another tree, reached by a full page load (LanguageSwitch).
      shouldRevalidate: () => false,
      element: <Layout languageId={languageId} />,
      children: [{ id: `pages-${languageId}`, ErrorBoundary: ErrorPage, children: pageRoutesFor(env) }],
    };
  };
  const tree = (languageId: LanguageId) => (shown === undefined || shown === languageId ? localeTree : otherLanguageTree)(languageId, routes.home(languageId));
  return [{ id: 'root', ErrorBoundary: RootErrorPage, children: [tree('en'), tree('sv')] }];
}

/**
 * The language whose tree the server rendered the page in, from the router's hydration data (its frame's data):
 * what the browser's table holds (createRoutes' `shown`). Not the address's own reading: the router matches /EN/…
 * or a percent-encoded path to the English tree, where a table without it would load the page again and again.
 * Undefined when the page has no frame (the root's error page, which also takes the frame's own errors): the table
 * then holds both.
 */
export function shownLanguageOf(hydrationData: { loaderData?: Record<string, unknown> } | undefined): LanguageId | undefined {
  return languageIds.find((languageId) => hydrationData?.loaderData?.[localeTreeId(languageId)] !== undefined);
}

/** See createRoutes: every address of the other language's tree is a full page load. */
function otherLanguageTree(languageId: LanguageId, path: string): RouteObject {
  const loadDocument = ({ request }: LoaderFunctionArgs) => redirectDocument(request.url);
  return { id: localeTreeId(languageId), path, children: [{ index: true, loader: loadDocument }, { path: '*', loader: loadDocument }] };
}

/**
 * Loads the lazy pages that match `location` into the route objects themselves, before the router is created:
 * hydration then renders the server's page at once, with no fallback and no flash.
 */
export async function resolveLazyRoutes(routeTable: RouteObject[], location: string): Promise<void> {
  await Promise.all(
    (matchRoutes(routeTable, location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, { ...resolved, lazy: undefined });
    }),
  );
}

/**
 * The page module that shows `pathname` (null for none): what a link on the page would open (start.tsx asks for
 * every distinct link of a page). react-router's matchRoutes flattens and ranks the routes it is given on every
 * call, 0.3–0.9 ms for one language's tree on the 2-core test host, so this gives it the path's language's tree
 * cut down to the routes that can match a path with that first segment (routesFor).
 */
export function pageModuleAt(routeTable: RouteObject[], pathname: string): PageModuleId | null {
  const { languageId, path } = splitLocalePath(pathname);
  const tree = routeTable[0]?.children?.find((child) => child.id === localeTreeId(languageId));
  const id = pageRouteOf(matchRoutes(tree ? routesFor(tree, path) : routeTable, pathname) ?? [])?.id;
  return id ? pageModuleOf[id] : null;
}

/**
 * A route path's first segment when it is a plain word ('p' of 'p/:alias'), folded as the router folds it; else null
 * (a parameter, a splat anywhere in it, an optional segment, a percent sign, or an absolute path, which the router
 * reads below its parent's).
 */
function staticFirstSegment(path: string): string | null {
  const first = path.split('/').find(Boolean);
  // Printable ASCII alone: the router's case-insensitive RegExp (no `u` flag) folds no other character onto these.
  return first && !path.startsWith('/') && /^[!-~]+$/.test(first) && !/^:|[*%]|\?$/.test(first) ? first.toLowerCase() : null;
}

/** A decoded path segment as staticFirstSegment folds it; '' when it cannot equal a plain word; null when it fails to decode (routesFor then keeps the whole tree). */
function pathFirstSegment(path: string): string | null {
  try {
    // The router matches the path alone, without its query or fragment.
    const first = decodeURIComponent(parsePath(path).pathname?.split('/').find(Boolean) ?? '');
    return /^[!-~]+$/.test(first) ? first.toLowerCase() : '';
  } catch {
    return null;
  }
}

const prunedTrees = new WeakMap<RouteObject, Map<string, RouteObject[]>>();

/**
 * `tree` keeping only the routes a path with `path`'s first segment (below the tree's own) can match: those whose
 * own first segment is that word, and any other than a plain word (staticFirstSegment) or none at all. A
 * route that starts with another word cannot match it, so the router's pick among the rest is its pick among all
 * (siblings keep their order, which breaks its ties). The whole tree when the segment cannot be read. Kept per tree
 * and word: a page of links has a handful of distinct first segments.
 */
function routesFor(tree: RouteObject, path: string): RouteObject[] {
  const word = pathFirstSegment(path);
  if (word === null) return [tree];
  let byWord = prunedTrees.get(tree);
  if (!byWord) prunedTrees.set(tree, (byWord = new Map()));
  let pruned = byWord.get(word);
  if (!pruned) {
    const keep = (route: RouteObject): RouteObject | null => {
      const first = staticFirstSegment(route.path ?? '');
      if (first !== null && first !== word) return null;
      // Only a route without a path of its own leaves the first segment to its children; below any other, they match what follows it.
      if (!route.children || route.path) return route;
      return { ...route, children: route.children.map(keep).filter((child) => child !== null) } as RouteObject;
    };
    pruned = [{ ...tree, children: (tree.children ?? []).map(keep).filter((child) => child !== null) } as RouteObject];
    byWord.set(word, pruned);
  }
  return pruned;
}

/** The layout's loader's code (see createRoutes). */
const layoutLoaderModule = () => import('../features/layout/layout-loader');
