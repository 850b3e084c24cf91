import type { ApolloClient } from '@apollo/client';
import type { LoaderFunction, LoaderFunctionArgs, NonIndexRouteObject, RouteObject } from 'react-router';
import type { LanguageId } from '../../shared/locales';
import { pageRoutes, routes, type PageRouteId } from '../../shared/routes';
import { ErrorPage, RootErrorPage } from './ErrorPage';
import { HomePage, homeLoader } from '../features/catalog/HomePage';
import { ListPage, listLoader, type ListRoute } from '../features/catalog/ListPage';
import { ProductPage, productLoader } from '../features/catalog/ProductPage';
import { BrandsPage, brandsLoader } from '../features/brands/BrandsPage';
import { ContentPage, contentLoader } from '../features/content/ContentPage';
import { FavoritesPage, favoritesLoader } from '../features/catalog/FavoritesPage';
import { CheckoutPage } from '../features/checkout/CheckoutPage';
import { checkoutLoader } from '../features/checkout/checkout-loader';
import { OrderConfirmationPage } from '../features/checkout/OrderConfirmationPage';
import { PaymentFailedPage } from '../features/checkout/PaymentFailedPage';
import { Layout } from '../features/layout/Layout';
import { layoutLoader } from '../features/layout/layout-loader';
import { pageRouteHandle } from '../lib/page-route';
import { notFound, withAsOf, type LoaderEnv } from '../lib/route-context';

/** Last path segment, for the '*' routes where only the final alias matters (/c/{parent}/{category}). */
const lastSegment = (args: LoaderFunctionArgs) => (args.params['*'] ?? '').split('/').filter(Boolean).pop() ?? args.params.alias;

/** What the router shows for a route of the table; the paths, page type and layout come from the table. */
type PageRouteObject = Pick<NonIndexRouteObject, 'loader' | 'Component' | 'element'>;

/** Every route of the table, and what it shows: a route added to the table does not compile until it is here. */
function pagesFor(env: LoaderEnv): Record<PageRouteId, PageRouteObject> {
  const list = (route: (args: LoaderFunctionArgs, url: URL) => ListRoute) => (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
    return listLoader(env, route(args, url), url);
  };
  const byAlias = (type: 'category' | 'brand' | 'campaign' | 'alias') => list((args) => ({ type, alias: lastSegment(args) }));
  const product = (args: LoaderFunctionArgs) => productLoader(env, args.params.alias);
  const notFoundPage = { loader: () => notFound(), element: null };
  return {
    home: { loader: () => homeLoader(env), Component: HomePage },
    all: { loader: list(() => ({ type: 'all' })), Component: ListPage },
    category: { loader: byAlias('category'), Component: ListPage },
    brand: { loader: byAlias('brand'), Component: ListPage },
    campaign: { loader: byAlias('campaign'), Component: ListPage },
    search: { loader: list((args) => ({ type: 'search', text: args.params.search })), Component: ListPage },
    aliasList: { loader: byAlias('alias'), Component: ListPage },
    genericList: { loader: list((args, url) => ({ type: 'generic', kind: args.params.kind, params: url.searchParams })), Component: ListPage },
    brands: { loader: () => brandsLoader(env), Component: BrandsPage },
    favorites: { loader: (args: LoaderFunctionArgs) => favoritesLoader(env, args.request), Component: FavoritesPage },
    checkout: { loader: () => checkoutLoader(env.languageId), Component: CheckoutPage },
    orderConfirmation: { Component: OrderConfirmationPage },
    paymentFailed: { Component: PaymentFailedPage },
    product: { loader: product, Component: ProductPage },
    accountOrders: notFoundPage,
    content: { loader: (args: LoaderFunctionArgs) => contentLoader(env, args.params.alias), Component: ContentPage },
    notFound: notFoundPage,
  };
}

/**
 * A page's loader with a record of its own (the loaders' environment is shared by every page load), so data shown
 * from a copy while offline can say since when it is true.
 */
function timedPage(env: LoaderEnv, id: PageRouteId, page: PageRouteObject): PageRouteObject {
  if (typeof page.loader !== 'function') return page;
  return { ...page, loader: (args: LoaderFunctionArgs) => withAsOf(env, (scoped) => (pagesFor(scoped)[id].loader as LoaderFunction)(args)) };
}

/** The table's routes in one language, each path its own route object; the handle carries the table's facts. */
function pageRoutesFor(env: LoaderEnv): RouteObject[] {
  const pages = pagesFor(env);
  return (Object.keys(pageRoutes) as PageRouteId[]).flatMap((id) =>
    pageRoutes[id].paths[env.languageId].map((path): RouteObject => {
      const page = { ...timedPage(env, id, pages[id]), handle: pageRouteHandle(id) };
      return path === '' ? { ...page, index: true } : { ...page, path };
    }),
  );
}

/**
 * One tree per language ('/' Swedish, '/en' English). Loaders fetch through the given Apollo client: an
 * in-process one on the server, the tab's own in the browser, so the first HTML already holds the data.
 */
export function createRoutes(client: ApolloClient): RouteObject[] {
  const localeTree = (languageId: LanguageId, path: string): RouteObject => {
    const env: LoaderEnv = { client, languageId };
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
