import { useQuery } from '@apollo/client/react';
import { useEffect, useMemo } from 'react';
import { useSnapshot } from 'valtio';
import { useChannelVariables } from '../../hooks/use-language';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { CartDocument } from '../../graphql/generated/documents/Cart';
import { cartState, loadCartId } from './cart-id';
import { loadOutbox, outboxModule } from './load-outbox';
import { cartAnswerContext, outboxState, type KeptCart } from './outbox-state';
import { useOutboxContext } from './use-outbox';

/**
 * The tab's cart as the shopper sees it: the server's cart with the changes still waiting in the outbox laid on
 * top. The id comes from the cart cookie after hydration (the server render shows no cart); the cart from the
 * network, or offline from the last answer the outbox kept. The outbox itself loads after the first render.
 * Every getCart answer is offered to the outbox state with when it was fetched (cartAnswerContext), which keeps
 * it only when it is newer than the cart kept and cannot count a waiting change twice; the cache's copy is shown
 * only until a cart is kept.
 */
export function useCart(): CartFieldsFragment | null {
  const { id } = useSnapshot(cartState);
  const { entries, settled, serverCart } = useSnapshot(outboxState);
  const channel = useChannelVariables();
  const context = useOutboxContext();
  useEffect(() => {
    loadCartId();
    void loadOutbox().then(({ startCartOutbox }) => startCartOutbox(context));
  }, [context]);
  const { data } = useQuery(CartDocument, { variables: { id, ...channel }, skip: !id, fetchPolicy: 'cache-and-network', context: cartAnswerContext });
  const fetched = id ? data?.getCart : undefined;
  const kept = (serverCart as KeptCart | null) ?? null;
  useEffect(() => {
    if (kept?.cart.id) void loadOutbox().then(({ rememberServerCart }) => rememberServerCart(context, kept));
  }, [kept, context]);
  const base = useMemo((): KeptCart | null => {
    const mine = kept && id && kept.cart.id === id ? kept : null;
    if (mine && mine.languageId === channel.languageId) return mine;
    // A cart in the cache that no answer offered (written there by a test, say) is not known to lack anything sent.
    if (fetched) return { cart: fetched, languageId: channel.languageId, asOf: 0, receivedAt: Number.POSITIVE_INFINITY };
    return mine;
  }, [kept, id, fetched, channel.languageId]);
  // Changes can only be waiting once the outbox has loaded them, so the code that lays them on comes with it.
  return useMemo(() => {
    const waiting = [...settled, ...entries];
    return waiting.length > 0 && outboxModule ? outboxModule.shownCart(base, waiting, channel.languageId) : (base?.cart ?? null);
  }, [base, entries, settled, channel.languageId]);
}

export function itemCount(cart: CartFieldsFragment | null): number {
  return cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}
