import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useChannelVariables } from '../../hooks/use-language';
import { useApollo } from '../../lib/apollo-client';
import { useShopMutation, type ShopAnswer } from '../../lib/use-shop-mutation';
import type { CompletePaymentMutation, OrderFieldsFragment } from '../../graphql/generated/operations';
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
  const key = `${orderId}:${token}`;
  const channel = useChannelVariables();
  const apollo = useApollo();
  const [complete] = useShopMutation(CompletePaymentDocument);
  const [answer, setAnswer] = useState<{ key: string; result: ShopAnswer<CompletePaymentMutation> } | null>(null);
  const started = useRef('');
  useEffect(() => {
    if (!asks || started.current === key) return;
    started.current = key;
    void complete({ orderId, token, ...channel }).then((result) => {
      setAnswer({ key, result });
      if (!result.error) void apollo.get().then((client) => client.refetchQueries({ include: [CartDocument] })).catch(() => undefined);
    });
  }, [asks, key, orderId, token, channel, complete, apollo]);
  const result = answer?.key === key ? answer.result : null;
  // The server's word that the link names no order (unknown, or malformed ids refused as bad input).
  const namesNoOrder = result?.error?.code === 'BAD_USER_INPUT';
  return {
    order: result?.data?.completePayment ?? null,
    notFound: !asks || namesNoOrder,
    failed: Boolean(result?.error) && !namesNoOrder,
    // Before the effect has sent the question (the server render, the first client render) it is on its way.
    loading: asks && result === null,
  };
}
