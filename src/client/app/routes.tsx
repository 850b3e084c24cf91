import type { ApolloClient } from '@apollo/client';
import type { ComponentType } from 'react';
import { matchRoutes, type LoaderFunctionArgs, type NonIndexRouteObject, type RouteObject } from 'react-router';
import type { LanguageId } from '../../shared/locales';
import { pageRoutes, routes, type PageRouteId } from '../../shared/routes';
import { ErrorPage, RootErrorPage } from './ErrorPage';
import type { ListRoute } from '../features/catalog/ListPage';
import { checkoutLoader } from '../features/checkout/checkout-loader';
import { Layout } from '../features/layout/Layout';
import { layoutLoader } from '../features/layout/layout-loader';
import { pageRouteHandle, pageRouteOf } from '../lib/page-route';
import { notFound, withAsOf, type LoaderEnv } from '../lib/route-context';

/** Last path segment, for the '*' routes where only the final alias matters (/c/{parent}/{category}). */
const lastSegment = (args: LoaderFunctionArgs) => (args.params['*'] ?? '').split('/').filter(Boolean).pop() ?? args.params.alias;

/** What the router shows for a route of the table; the paths, page type and layout come from the table. */
type PageRouteObject = Pick<NonIndexRouteObject, 'loader' | 'Component' | 'element' | 'lazy'>;

/** A page's loader gets the environment of this one page load (see withAsOf), not the tree's shared one. */
type PageLoader = (args: LoaderFunctionArgs, env: LoaderEnv) => unknown;
type LazyPage = () => Promise<{ loader?: PageLoader; Component: ComponentType }>;

/**
 * The source file of each page that loads as its own chunk, as Vite's build manifest names it: the server
 * preloads the chunk of the page it renders, so the browser fetches it alongside the entry (routes.test.ts
 * checks each file is the one its route imports).
 */
export const pageModuleFiles = {
  home: 'src/client/features/catalog/HomePage.tsx',
  list: 'src/client/features/catalog/ListPage.tsx',
  product: 'src/client/features/catalog/ProductPage.tsx',
  favorites: 'src/client/features/catalog/FavoritesPage.tsx',
  brands: 'src/client/features/brands/BrandsPage.tsx',
  content: 'src/client/features/content/ContentPage.tsx',
  checkout: 'src/client/features/checkout/CheckoutPage.tsx',
  orderConfirmation: 'src/client/features/checkout/OrderConfirmationPage.tsx',
  paymentFailed: 'src/client/features/checkout/PaymentFailedPage.tsx',
  accountOrders: 'src/client/features/account/OrdersPage.tsx',
  accountSettings: 'src/client/features/account/SettingsPage.tsx',
  accountBalance: 'src/client/features/account/BalancePage.tsx',
  resetPassword: 'src/client/features/account/ResetPasswordPage.tsx',
  emailChange: 'src/client/features/account/EmailChangePage.tsx',
} as const;
export type PageModuleId = keyof typeof pageModuleFiles;

/** Which page module each route of the table shows (none: the route renders nothing of its own). */
export const pageModuleOf: Record<PageRouteId, PageModuleId | null> = {
  home: 'home',
  all: 'list',
  category: 'list',
  brand: 'list',
  campaign: 'list',
  search: 'list',
  aliasList: 'list',
  genericList: 'list',
  brands: 'brands',
  favorites: 'favorites',
  checkout: 'checkout',
  orderConfirmation: 'orderConfirmation',
  paymentFailed: 'paymentFailed',
  product: 'product',
  accountOrders: 'accountOrders',
  accountSettings: 'accountSettings',
  accountBalance: 'accountBalance',
  resetPassword: 'resetPassword',
  emailChange: 'emailChange',
  account: null,
  offline: null,
  content: 'content',
  notFound: null,
};

/** Loads each page module, one chunk per page (and shared chunks for what pages share). */
export const pageModules = {
  home: () => import('../features/catalog/HomePage'),
  list: () => import('../features/catalog/ListPage'),
  product: () => import('../features/catalog/ProductPage'),
  favorites: () => import('../features/catalog/FavoritesPage'),
  brands: () => import('../features/brands/BrandsPage'),
  content: () => import('../features/content/ContentPage'),
  checkout: () => import('../features/checkout/CheckoutPage'),
  orderConfirmation: () => import('../features/checkout/OrderConfirmationPage'),
  paymentFailed: () => import('../features/checkout/PaymentFailedPage'),
  accountOrders: () => import('../features/account/OrdersPage'),
  accountSettings: () => import('../features/account/SettingsPage'),
  accountBalance: () => import('../features/account/BalancePage'),
  resetPassword: () => import('../features/account/ResetPasswordPage'),
  emailChange: () => import('../features/account/EmailChangePage'),
} satisfies Record<PageModuleId, () => Promise<unknown>>;

/**
 * Every route of the table, and what it shows: a route added to the table does not compile until it is here.
 * Pages load lazily (their component and loader in one chunk per page), so the first route's JS carries only its
 * own page; the server renders them in full and the browser loads the shown page's chunk before hydrating.
 */
function pagesFor(env: LoaderEnv): Record<PageRouteId, PageRouteObject> {
  // Each load has a record of its own, so data shown from a copy while offline can say since when it is true.
  const lazy = (page: LazyPage): PageRouteObject => ({
    lazy: async () => {
      const { loader, Component } = await page();
      return loader ? { Component, loader: (args: LoaderFunctionArgs) => withAsOf(env, (scoped) => loader(args, scoped)) } : { Component };
    },
  });
  const home = lazy(async () => {
    const { HomePage, homeLoader } = await pageModules.home();
    return { loader: (_args, scoped) => homeLoader(scoped), Component: HomePage };
  });
  const list = (route: (args: LoaderFunctionArgs, url: URL) => ListRoute) =>
    lazy(async () => {
      const { ListPage, listLoader } = await pageModules.list();
      return {
        loader: (args, scoped) => {
          const url = new URL(args.request.url);
          return listLoader(scoped, route(args, url), url);
        },
        Component: ListPage,
      };
    });
  const byAlias = (type: 'category' | 'brand' | 'campaign' | 'alias') => list((args) => ({ type, alias: lastSegment(args) }));
  const notFoundPage = { loader: () => notFound(), element: null };
  return {
    home,
    all: list(() => ({ type: 'all' })),
    category: byAlias('category'),
    brand: byAlias('brand'),
    campaign: byAlias('campaign'),
    search: list((args) => ({ type: 'search', text: args.params.search })),
    aliasList: byAlias('alias'),
    genericList: list((args, url) => ({ type: 'generic', kind: args.params.kind, params: url.searchParams })),
    brands: lazy(async () => {
      const { BrandsPage, brandsLoader } = await pageModules.brands();
      return { loader: (_args, scoped) => brandsLoader(scoped), Component: BrandsPage };
    }),
    favorites: lazy(async () => {
      const { FavoritesPage, favoritesLoader } = await pageModules.favorites();
      return { loader: (args, scoped) => favoritesLoader(scoped, args.request), Component: FavoritesPage };
    }),
    checkout: lazy(async () => ({ loader: () => checkoutLoader(env.languageId), Component: (await pageModules.checkout()).CheckoutPage })),
    orderConfirmation: lazy(async () => ({ Component: (await pageModules.orderConfirmation()).OrderConfirmationPage })),
    paymentFailed: lazy(async () => ({ Component: (await pageModules.paymentFailed()).PaymentFailedPage })),
    product: lazy(async () => {
      const { ProductPage, productLoader } = await pageModules.product();
      return { loader: (args, scoped) => productLoader(scoped, args.params.alias), Component: ProductPage };
    }),
    accountOrders: lazy(async () => {
      const { OrdersPage, ordersLoader } = await pageModules.accountOrders();
      return { loader: (args, scoped) => ordersLoader(args, scoped), Component: OrdersPage };
    }),
    accountSettings: lazy(async () => {
      const { SettingsPage, settingsLoader } = await pageModules.accountSettings();
      return { loader: (args, scoped) => settingsLoader(args, scoped), Component: SettingsPage };
    }),
    accountBalance: lazy(async () => {
      const { BalancePage, balanceLoader } = await pageModules.accountBalance();
      return { loader: (args, scoped) => balanceLoader(args, scoped), Component: BalancePage };
    }),
    resetPassword: lazy(async () => ({ Component: (await pageModules.resetPassword()).ResetPasswordPage })),
    emailChange: lazy(async () => ({ Component: (await pageModules.emailChange()).EmailChangePage })),
    account: { lazy: async () => ({ loader: (await import('../features/account/account-loader')).accountEntryLoader(env.languageId) }) },
    content: lazy(async () => {
      const { ContentPage, contentLoader } = await pageModules.content();
      return { loader: (args, scoped) => contentLoader(scoped, args.params.alias), Component: ContentPage };
    }),
    notFound: notFoundPage,
    // Only ever rendered on the server (the worker's offline page has no app scripts): not in the entry chunk.
    offline: { lazy: async () => ({ Component: (await import('../features/pwa/OfflinePage')).OfflinePage }) },
  };
}

/**
 * The pages whose components use Apollo as they render (the checkout's and the account's forms and queries). Their
 * route waits for the tab's Apollo client, which loads after the first render (lib/apollo-client.ts), before they
 * render, and so before hydrating when they are the first page. The catalog's pages need it only in their loaders,
 * and not at all to hydrate. npm run bench:bundle counts the client's chunks in these pages' first route.
 */
export const pagesRenderingWithClient: ReadonlySet<PageModuleId> = new Set<PageModuleId>([
  'checkout',
  'orderConfirmation',
  'paymentFailed',
  'accountOrders',
  'accountSettings',
  'accountBalance',
  'resetPassword',
  'emailChange',
]);

function waitingForClient(route: PageRouteObject, module: PageModuleId | null, env: LoaderEnv): PageRouteObject {
  const { lazy } = route;
  if (!module || !pagesRenderingWithClient.has(module) || typeof lazy !== 'function') return route;
  // These pages import Apollo's chunk themselves: the client can only fail where their own chunk does.
  return { ...route, lazy: async () => (await Promise.all([lazy(), env.client()]))[0] };
}

/** The table's routes in one language, each path its own route object; the handle carries the table's facts. */
function pageRoutesFor(env: LoaderEnv): RouteObject[] {
  const pages = pagesFor(env);
  return (Object.keys(pageRoutes) as PageRouteId[]).flatMap((id) =>
    pageRoutes[id].paths[env.languageId].map((path): RouteObject => {
      const page = { ...waitingForClient(pages[id], pageModuleOf[id], env), handle: pageRouteHandle(id) };
      return path === '' ? { ...page, index: true } : { ...page, path };
    }),
  );
}

/**
 * One tree per language ('/' Swedish, '/en' English). Loaders fetch through the given Apollo client: an
 * in-process one on the server, the tab's own in the browser, so the first HTML already holds the data.
 */
export function createRoutes(client: ApolloClient | (() => Promise<ApolloClient>)): RouteObject[] {
  const clientFor = typeof client === 'function' ? client : () => Promise.resolve(client);
  const localeTree = (languageId: LanguageId, path: string): RouteObject => {
    const env: LoaderEnv = { client: clientFor, languageId };
    return {
      id: `layout-${languageId}`,
      path,
      loader: () => layoutLoader(env),
      element: <Layout languageId={languageId} />,
      children: [{ id: `pages-${languageId}`, ErrorBoundary: ErrorPage, children: pageRoutesFor(env) }],
    };
  };
  return [{ id: 'root', ErrorBoundary: RootErrorPage, children: [localeTree('en', routes.home('en')), localeTree('sv', routes.home('sv'))] }];
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

/** The page modules that links (absolute hrefs) lead to on the shop's own origin: what the shopper may open next. */
export function linkedPageModules(routeTable: RouteObject[], hrefs: Iterable<string>, origin: string): PageModuleId[] {
  const modules = new Set<PageModuleId>();
  for (const href of hrefs) {
    const url = URL.parse(href);
    if (!url || url.origin !== origin) continue;
    const id = pageRouteOf(matchRoutes(routeTable, url.pathname) ?? [])?.id;
    const module = id ? pageModuleOf[id] : null;
    if (module) modules.add(module);
  }
  return [...modules];
}
