import type { ApolloClient } from '@apollo/client';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import type { LanguageId } from '../../shared/locales';
import { ErrorPage, RootErrorPage } from '../components/ErrorPage';
import { HomePage, homeLoader } from '../features/catalog/HomePage';
import { ListPage, listLoader, type ListKind } from '../features/catalog/ListPage';
import { ProductPage, productLoader } from '../features/catalog/ProductPage';
import { ContentPage, contentLoader } from '../features/content/ContentPage';
import { Layout } from '../features/layout/Layout';
import { layoutLoader } from '../features/layout/layout-loader';
import { notFound, type LoaderEnv } from './route-context';

/** Last path segment, for the spec's '+' and '(any)' routes where only the final alias matters. */
const lastSegment = (args: LoaderFunctionArgs) => (args.params['*'] ?? '').split('/').filter(Boolean).pop() ?? args.params.alias;

function pageRoutes(env: LoaderEnv): RouteObject[] {
  const list = (kind: ListKind) => (args: LoaderFunctionArgs) => listLoader(env, kind, lastSegment(args), new URL(args.request.url));
  const product = (args: LoaderFunctionArgs) => productLoader(env, args.params.alias);
  const content = (args: LoaderFunctionArgs) => contentLoader(env, args.params.alias);
  return [
    { index: true, loader: () => homeLoader(env), Component: HomePage },
    { path: 'allt', loader: list('all'), Component: ListPage },
    { path: 'c/*', loader: list('category'), Component: ListPage },
    { path: 'b/*', loader: list('brand'), Component: ListPage },
    { path: 'dc/*', loader: list('campaign'), Component: ListPage },
    { path: 'p/:alias', loader: product, Component: ProductPage },
    { path: 'p/:any/:alias', loader: product, Component: ProductPage },
    { path: 'p/:any/:any2/:alias', loader: product, Component: ProductPage },
    { path: 'product/:alias', loader: product, Component: ProductPage },
    { path: 'content/:alias', loader: content, Component: ContentPage },
    { path: ':alias', loader: content, Component: ContentPage },
    { path: '*', loader: () => notFound() },
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
