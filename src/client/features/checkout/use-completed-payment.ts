import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useApolloClient, useMutation } from '@apollo/client/react';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useChannelVariables } from '../../hooks/use-language';
import type { OrderFieldsFragment } from '../../graphql/generated/operations';
import { CartDocument } from '../../graphql/generated/documents/Cart';
import { CompletePaymentDocument } from '../../graphql/generated/documents/CompletePayment';

export interface CompletedPayment {
  order: OrderFieldsFragment | null;
  /** The link lacks its order or token, or they do not match an order: there is nothing to wait for. */
  notFound: boolean;
  /** The server could not be asked (offline, server error): worth another try. */
  failed: boolean;
  /** Only while the server is asked: a link without order and token asks nothing and never loads. */
  loading: boolean;
}

/** The server's word that the link names no order (unknown, or malformed ids refused as bad input). */
const namesNoOrder = (error: unknown) => CombinedGraphQLErrors.is(error) && error.errors.some((e) => e.extensions?.code === 'BAD_USER_INPUT');

/**
 * The shopper is back from the payment page: asks the server to settle the order (paid, or failed with its
 * lines put back in the cart) and refreshes the header's cart, which either emptied or filled up again.
 * completePayment changes nothing the second time, so a reload of this page is harmless.
 */
export function useCompletedPayment(): CompletedPayment {
  const [params] = useSearchParams();
  const orderId = params.get('order') ?? '';
  const token = params.get('token') ?? '';
  const asks = orderId !== '' && token !== '';
  const channel = useChannelVariables();
  const client = useApolloClient();
  const [complete, { data, loading, error, called }] = useMutation(CompletePaymentDocument);
  const started = useRef('');
  useEffect(() => {
    if (!asks || started.current === `${orderId}:${token}`) return;
    started.current = `${orderId}:${token}`;
    void complete({ variables: { orderId, token, ...channel } })
      .then(() => client.refetchQueries({ include: [CartDocument] }))
      .catch(() => undefined);
  }, [asks, orderId, token, channel, complete, client]);
  return {
    order: data?.completePayment ?? null,
    notFound: !asks || namesNoOrder(error),
    failed: Boolean(error) && !namesNoOrder(error),
    // Before the effect has sent the question (the server render, the first client render) it is on its way.
    loading: asks && (!called || loading),
  };
}
