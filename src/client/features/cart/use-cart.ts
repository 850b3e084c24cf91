import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useChannelVariables } from '../../hooks/use-language';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { CartDocument } from '../../graphql/generated/documents/Cart';
import { useReadyApolloClient } from '../../lib/apollo-client';
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
  const outboxContext = useOutboxContext();
  useEffect(() => {
    loadCartId();
    // Without the client's code (a failed load is tried again, lib/apollo-client.ts) the outbox starts later.
    Promise.all([loadOutbox(), outboxContext()])
      .then(([{ startCartOutbox }, context]) => startCartOutbox(context))
      .catch(() => undefined);
  }, [outboxContext]);
  const fetched = useWatchedCart(id, channel);
  const kept = (serverCart as KeptCart | null) ?? null;
  useEffect(() => {
    if (!kept?.cart.id) return;
    Promise.all([loadOutbox(), outboxContext()])
      .then(([{ rememberServerCart }, context]) => rememberServerCart(context, kept))
      .catch(() => undefined);
  }, [kept, outboxContext]);
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

/**
 * getCart for the cart id, from the cache and then the network, and again whenever the cache's copy changes (a
 * change's answer writes it there). It starts once the Apollo client has loaded, after the first render, which
 * shows no cart (the server knows none).
 */
function useWatchedCart(id: string | null, channel: ReturnType<typeof useChannelVariables>): CartFieldsFragment | undefined {
  const client = useReadyApolloClient();
  const { channelId, languageId } = channel;
  const [answer, setAnswer] = useState<{ key: string; cart: CartFieldsFragment | undefined } | null>(null);
  const key = `${id}|${channelId}|${languageId}`;
  useEffect(() => {
    if (!client || !id) return;
    const watched = client.watchQuery({ query: CartDocument, variables: { id, channelId, languageId }, fetchPolicy: 'cache-and-network', context: cartAnswerContext });
    const subscription = watched.subscribe({
      // A failed fetch keeps the cart shown; the outbox's own copy covers offline.
      next: (result) => {
        if (result.dataState === 'complete') setAnswer({ key: `${id}|${channelId}|${languageId}`, cart: result.data.getCart ?? undefined });
      },
      error: () => undefined,
    });
    return () => subscription.unsubscribe();
  }, [client, id, channelId, languageId]);
  return id && answer?.key === key ? answer.cart : undefined;
}

export function itemCount(cart: CartFieldsFragment | null): number {
  return cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}
