import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { LinkError } from '@apollo/client/errors';
import { data, isRouteErrorResponse } from 'react-router';
import { channels, type LanguageId } from '../../shared/locales';

/** What every loader needs: the Apollo client of this request (server) or of this tab (browser). */
export interface LoaderEnv {
  client: ApolloClient;
  languageId: LanguageId;
}

/** Runs a query for the loader's language; a failed query becomes the error page with its status. */
export async function queryFor<TData, TVars extends OperationVariables>(
  env: LoaderEnv,
  query: TypedDocumentNode<TData, TVars>,
  variables: Omit<TVars, 'channelId' | 'languageId'>,
): Promise<TData> {
  const channel = channels[env.languageId];
  const result = await env.client
    .query({
      query,
      variables: { ...variables, channelId: channel.channelId, languageId: channel.languageId } as unknown as TVars,
      fetchPolicy: 'cache-first',
    })
    .catch((error: unknown) => {
      if (isOffline(error)) throw data({ message: 'Offline', offline: true }, { status: 503 });
      throw error;
    });
  if (result.error || !result.data) {
    throw data({ message: result.error?.message ?? 'No data' }, { status: 500 });
  }
  return result.data as TData;
}

/**
 * The request got no answer at all: the browser knows it is offline, or the HTTP link's fetch failed before any
 * response (a TypeError by the fetch standard; an answer with an error status is a ServerError instead). Only a
 * TypeError from the link chain counts: one thrown by a bug elsewhere is an error, not a lost connection.
 */
function isOffline(error: unknown): boolean {
  // The server queries in process: nothing there is ever offline.
  if (typeof window === 'undefined') return false;
  return !navigator.onLine || (LinkError.is(error) && error instanceof TypeError);
}

/** The error page's question: did this route fail because the shopper is offline? */
export function isOfflineError(error: unknown): boolean {
  return isRouteErrorResponse(error) && (error.data as { offline?: unknown } | undefined)?.offline === true;
}

export function notFound(): never {
  throw data({ message: 'This page could not be found' }, { status: 404 });
}
