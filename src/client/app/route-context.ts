import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { data } from 'react-router';
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
  const result = await env.client.query({
    query,
    variables: { ...variables, channelId: channel.channelId, languageId: channel.languageId } as unknown as TVars,
    fetchPolicy: 'cache-first',
  });
  if (result.error || !result.data) {
    throw data({ message: result.error?.message ?? 'No data' }, { status: 500 });
  }
  return result.data as TData;
}

export function notFound(): never {
  throw data({ message: 'This page could not be found' }, { status: 404 });
}
