import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { useCallback, useState } from 'react';
import { useApolloForActions } from './apollo-client';
import { NETWORK, type ClientError } from './client-error';
import { useClientErrorOf } from './use-client-error';

/** A mutation's answer: its data, or why it was refused in the one client error shape. */
export type ShopAnswer<TData> = { data: TData; error: null } | { data: null; error: ClientError };

/**
 * A form's mutation: runs once the tab's Apollo client is there (loading it on the first submit, so a form
 * outside the pages that render with the client does not bring Apollo before it hydrates), never rejects, and
 * answers a refusal as a ClientError whose texts are the shopper's language.
 */
export function useShopMutation<TData, TVariables extends OperationVariables>(
  mutation: TypedDocumentNode<TData, TVariables>,
): [(variables: TVariables) => Promise<ShopAnswer<TData>>, { loading: boolean }] {
  const apollo = useApolloForActions();
  const errorOf = useClientErrorOf();
  const [running, setRunning] = useState(0);
  const run = useCallback(
    async (variables: TVariables): Promise<ShopAnswer<TData>> => {
      setRunning((count) => count + 1);
      try {
        const client = await apollo();
        const result = await client.mutate<TData, TVariables>({ mutation, variables, errorPolicy: 'all' });
        if (result.error) return { data: null, error: errorOf(result.error) };
        if (result.data == null) return { data: null, error: errorOf({ code: NETWORK, message: '', fields: {} }) };
        return { data: result.data, error: null };
      } catch (error) {
        return { data: null, error: errorOf(error) };
      } finally {
        setRunning((count) => count - 1);
      }
    },
    [apollo, errorOf, mutation],
  );
  return [run, { loading: running > 0 }];
}
