import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useChannelVariables } from '../../app/use-language';
import { CartDocument, CompletePaymentDocument, type OrderFieldsFragment } from '../../graphql/generated/operations';

export interface CompletedPayment {
  order: OrderFieldsFragment | null;
  /** The link lacks its order or token, or they do not match an order. */
  notFound: boolean;
  /** The server could not be asked (offline, server error): worth another try. */
  failed: boolean;
  loading: boolean;
}

/**
 * The shopper is back from the payment page: asks the server to settle the order (paid, or failed with its
 * lines put back in the cart) and refreshes the header's cart, which either emptied or filled up again.
 * completePayment changes nothing the second time, so a reload of this page is harmless.
 */
export function useCompletedPayment(): CompletedPayment {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const token = params.get('token') ?? '';
  const channel = useChannelVariables();
  const client = useApolloClient();
  const [complete, { data, loading, error, called }] = useMutation(CompletePaymentDocument);
  const started = useRef('');
  useEffect(() => {
    if (!orderId || !token || started.current === `${orderId}:${token}`) return;
    started.current = `${orderId}:${token}`;
    void complete({ variables: { orderId, token, ...channel } })
      .then(() => client.refetchQueries({ include: [CartDocument] }))
      .catch(() => undefined);
  }, [orderId, token, channel, complete, client]);
  return {
    order: data?.completePayment ?? null,
    notFound: !orderId || !token || CombinedGraphQLErrors.is(error),
    failed: Boolean(error) && !CombinedGraphQLErrors.is(error),
    loading: !called || loading,
  };
}
