import type { ApolloClient } from '@apollo/client';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { LanguageId } from '../../shared/locales';
import { ErrorPage, RootErrorPage } from '../components/ErrorPage';
import { HomePage, homeLoader } from '../features/catalog/HomePage';
import { ListPage, listLoader, type ListRoute } from '../features/catalog/ListPage';
import { ProductPage, productLoader } from '../features/catalog/ProductPage';
import { BrandsPage, brandsLoader } from '../features/brands/BrandsPage';
import { ContentPage, contentLoader } from '../features/content/ContentPage';
import { FavoritesPage, favoritesLoader } from '../features/favorites/FavoritesPage';
import { CheckoutPage, checkoutLoader } from '../features/checkout/CheckoutPage';
import { OrderConfirmationPage } from '../features/checkout/OrderConfirmationPage';
import { PaymentFailedPage } from '../features/checkout/PaymentFailedPage';
import { Layout } from '../features/layout/Layout';
import { layoutLoader } from '../features/layout/layout-loader';
import { notFound, type LoaderEnv } from './route-context';

/** The checkout and its return pages use the reduced layout (spec section 2). */
const undistracted = { undistracted: true };

/** Last path segment, for the spec's '+' and '(any)' routes where only the final alias matters. */
const lastSegment = (args: LoaderFunctionArgs) => (args.params['*'] ?? '').split('/').filter(Boolean).pop() ?? args.params.alias;

function pageRoutes(env: LoaderEnv): RouteObject[] {
  const sv = env.languageId === 'sv';
  const list = (route: (args: LoaderFunctionArgs, url: URL) => ListRoute) => (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
    return listLoader(env, route(args, url), url);
  };
  const byAlias = (type: 'category' | 'brand' | 'campaign' | 'alias') => list((args) => ({ type, alias: lastSegment(args) }));
  const product = (args: LoaderFunctionArgs) => productLoader(env, args.params.alias);
  const content = (args: LoaderFunctionArgs) => contentLoader(env, args.params.alias);
  return [
    { index: true, loader: () => homeLoader(env), Component: HomePage },
    { path: 'allt', loader: list(() => ({ type: 'all' })), Component: ListPage },
    { path: 'c/*', loader: byAlias('category'), Component: ListPage },
    { path: 'b/*', loader: byAlias('brand'), Component: ListPage },
    { path: 'dc/*', loader: byAlias('campaign'), Component: ListPage },
    { path: 's/:search', loader: list((args) => ({ type: 'search', text: args.params.search })), Component: ListPage },
    { path: 'l/*', loader: byAlias('alias'), Component: ListPage },
    { path: 'list/:kind?', loader: list((args, url) => ({ type: 'generic', kind: args.params.kind, params: url.searchParams })), Component: ListPage },
    { path: sv ? 'varumarken' : 'brands', loader: () => brandsLoader(env), Component: BrandsPage },
    { path: sv ? 'favoriter' : 'favorites', loader: (args: LoaderFunctionArgs) => favoritesLoader(env, args.request), Component: FavoritesPage },
    { path: sv ? 'kassan' : 'checkout', loader: () => checkoutLoader(env.languageId), Component: CheckoutPage, handle: undistracted },
    { path: 'checkout/confirm', Component: OrderConfirmationPage, handle: undistracted },
    { path: 'checkout/klarna-fail', Component: PaymentFailedPage, handle: undistracted },
    { path: 'p/:alias', loader: product, Component: ProductPage },
    { path: 'p/:any/:alias', loader: product, Component: ProductPage },
    { path: 'p/:any/:any2/:alias', loader: product, Component: ProductPage },
    { path: 'product/:alias', loader: product, Component: ProductPage },
    { path: 'content/:alias', loader: content, Component: ContentPage },
    { path: ':alias', loader: content, Component: ContentPage },
    { path: '*', loader: () => notFound(), element: null },
  ];
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
      children: [{ id: `pages-${languageId}`, ErrorBoundary: ErrorPage, children: pageRoutes(env) }],
    };
  };
  return [{ id: 'root', ErrorBoundary: RootErrorPage, children: [localeTree('en', '/en'), localeTree('sv', '/')] }];
}
