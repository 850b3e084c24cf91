import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { useChannelVariables } from '../../hooks/use-language';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { CartDocument } from '../../graphql/generated/documents/Cart';
import { cartState, loadCartId } from './cart-id';
import { loadOutbox, outboxModule } from './load-outbox';
import { outboxState } from './outbox-state';
import { useOutboxContext } from './use-outbox';

/**
 * The tab's cart as the shopper sees it: the server's cart with the changes still waiting in the outbox laid on
 * top. The id comes from the cart cookie after hydration (the server render shows no cart); the cart from the
 * network, or offline from the last answer the outbox kept. The outbox itself loads after the first render.
 */
export function useCart(): CartFieldsFragment | null {
  const { id } = useSnapshot(cartState);
  const { entries, serverCart } = useSnapshot(outboxState);
  const channel = useChannelVariables();
  const context = useOutboxContext();
  useEffect(() => {
    loadCartId();
    void loadOutbox().then(({ startCartOutbox }) => startCartOutbox(context));
  }, [context]);
  const { data } = useQuery(CartDocument, { variables: { id, ...channel }, skip: !id, fetchPolicy: 'cache-and-network' });
  const fetched = id ? data?.getCart : undefined;
  useEffect(() => {
    if (fetched?.id) void loadOutbox().then(({ rememberServerCart }) => rememberServerCart(context, fetched));
  }, [fetched, context]);
  const server = fetched ?? (id && serverCart?.id === id ? serverCart : null);
  // Changes can only be waiting once the outbox has loaded them, so the code that lays them on comes with it.
  return useMemo(
    () => (entries.length > 0 && outboxModule ? outboxModule.optimisticCart(server, entries, channel.languageId) : server),
    [server, entries, channel.languageId],
  );
}

export function itemCount(cart: CartFieldsFragment | null): number {
  return cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}
