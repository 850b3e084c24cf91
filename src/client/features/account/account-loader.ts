import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { channels, type LanguageId } from '../../../shared/locales';
import { loginPath, routes } from '../../../shared/routes';
import { hasToken } from '../../lib/auth-token';
import { tokenRefused } from '../../lib/token-store';
import { requestCookies } from '../../lib/cookie';
import type { LoaderEnv } from '../../lib/route-context';

/** An account page's data, or the moment between opening an admin's shop-as link and its session. */
export type AccountLoaderData<TData> = { signingIn: true } | { signingIn: false; data: TData };

/**
 * The authenticated guard and the page's query. A visitor without a token goes to the home page with the login
 * panel open and the page asked for kept to return to (a 302 when the server renders the first request), unless the URL brings an admin's loginToken, which the browser exchanges
 * first. A token the server refuses counts as none. The answer is always fresh: it is one customer's own data.
 */
export async function accountLoader<TData, TVars extends OperationVariables>(
  args: LoaderFunctionArgs,
  env: LoaderEnv,
  query: TypedDocumentNode<TData, TVars>,
): Promise<AccountLoaderData<TData>> {
  const url = new URL(args.request.url);
  const login = loginPath(env.languageId, `${url.pathname}${url.search}`);
  if (!hasToken(requestCookies(args.request))) {
    if (url.searchParams.get('loginToken')) return { signingIn: true };
    throw redirect(login);
  }
  const channel = channels[env.languageId];
  const variables = { channelId: channel.channelId, languageId: channel.languageId } as unknown as TVars;
  try {
    // In the browser a customer's data is always asked for anew. On the server the client keeps no cache (render.tsx),
    // and its ssrMode would turn network-only into cache-first.
    const fetchPolicy = typeof window === 'undefined' ? {} : { fetchPolicy: 'network-only' as const };
    const result = await (await env.client()).query({ query, variables, ...fetchPolicy });
    if (!result.data) throw data({ message: 'No data' }, { status: 500 });
    return { signingIn: false, data: result.data as TData };
  } catch (error) {
    if (CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'UNAUTHENTICATED')) {
      if (typeof window !== 'undefined') tokenRefused();
      throw redirect(login);
    }
    if (error instanceof Response || (error && typeof error === 'object' && 'type' in error && error.type === 'DataWithResponseInit')) throw error;
    throw data({ message: error instanceof Error ? error.message : 'Error' }, { status: 500 });
  }
}

/** /account (and /en/account): a signed-in customer's pages start at the orders; anyone else is asked to log in. */
export function accountEntryLoader(languageId: LanguageId) {
  return ({ request }: LoaderFunctionArgs): never => {
    const orders = routes.accountOrders(languageId);
    throw redirect(hasToken(requestCookies(request)) ? orders : loginPath(languageId, orders));
  };
}
