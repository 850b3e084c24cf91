import { useCallback, useEffect, useMemo, useState } from 'react';
import { useIntl } from '../../i18n/intl';
import { ref, useSnapshot } from 'valtio';
import { useChannelVariables } from '../../hooks/use-language';
import type { CartFieldsFragment } from '../../graphql/generated/operations';
import { useApollo, useApolloForActions } from '../../lib/apollo-client';
import type * as Runtime from './outbox/runtime';
import type { ErrorResponse } from 'react-router';
import { useHydrated } from '../../hooks/use-hydrated';
import { cartAnswerContext, cartQueryState, cartState, confirmedCart, loadCartId, outboxState, type CartIntent, type KeptCart, type LinePreview } from './cart-store';

/**
 * The cart's two paths for the UI: useCart() reads the cart the shopper sees, useQueueCartChange() makes a change.
 * Both go through the one owner, cart-store.ts; the outbox that replays the changes (outbox/runtime.ts) loads after
 * the first render, so it never weighs on the first route.
 */

type OutboxModule = typeof Runtime;

/** The outbox's code once loaded: the waiting changes (and so the need to lay them on the cart) come with it. */
let outboxModule: OutboxModule | null = null;

const loadOutbox = (): Promise<OutboxModule> =>
  import('./outbox/runtime').then((module) => {
    outboxModule = module;
    return module;
  });

/**
 * What the outbox needs from React: the Apollo client (which loads after the first render, so this waits for
 * it), the page's language and the texts it tells with.
 */
function useOutboxContext(): () => Promise<Runtime.OutboxContext> {
  const apollo = useApolloForActions();
  const { channelId, languageId } = useChannelVariables();
  const intl = useIntl();
  return useCallback(
    async () => ({
      client: await apollo(),
      channel: { channelId, languageId },
      texts: {
        refused: (what: string) => intl.formatMessage({ id: 'outbox.refused' }, { what }),
        gaveUp: (what: string) => intl.formatMessage({ id: 'outbox.gaveUp' }, { what }),
      },
    }),
    [apollo, channelId, languageId, intl],
  );
}

/**
 * The tab's cart as the shopper sees it: the confirmed cart with the changes still waiting in the outbox laid on
 * top (the rule: cart-store.ts). The id comes from the cart cookie after hydration (the server render shows no
 * cart); the cart from the network, or offline from the last answer the outbox kept. Every getCart answer is
 * offered to the store with when it was fetched (cartAnswerContext); the cache's copy is shown only until a cart
 * is kept.
 */
export function useCart(): CartFieldsFragment | null {
  const { id } = useSnapshot(cartState);
  const { entries, settled, serverCart } = useSnapshot(outboxState);
  const channel = useChannelVariables();
  const outboxContext = useOutboxContext();
  // The client's arrival starts the outbox again: should the first load of the client's code have failed, the load
  // tried again later (lib/apollo-client.ts) is what starts it.
  const clientArrived = useApollo().ready !== null;
  // Once taps work (useHydrated): the cookie's cart and the outbox's start would otherwise render the header again in
  // the middle of the transition that switches the page's buttons on, and push it back (0.3-0.5 s at a 4x CPU slowdown).
  const hydrated = useHydrated();
  useEffect(() => {
    if (!hydrated) return;
    // A visitor without a cart has nothing to show in it: the outbox (which may still hold a change made offline
    // before any cart existed) starts once the client has come, when the page has settled (app/start.tsx), rather
    // than asking for the client at once.
    if (!loadCartId() && !clientArrived) return;
    Promise.all([loadOutbox(), outboxContext()])
      .then(([{ startCartOutbox }, context]) => startCartOutbox(context))
      .catch(() => undefined);
  }, [hydrated, outboxContext, clientArrived]);
  const fetched = useWatchedCart(id, channel);
  const kept = (serverCart as KeptCart | null) ?? null;
  useEffect(() => {
    if (!kept?.cart.id) return;
    Promise.all([loadOutbox(), outboxContext()])
      .then(([{ rememberServerCart }, context]) => rememberServerCart(context, kept))
      .catch(() => undefined);
  }, [kept, outboxContext]);
  const base = useMemo(() => confirmedCart(kept, id, fetched, channel.languageId), [kept, id, fetched, channel.languageId]);
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
  const client = useApollo().ready;
  const { channelId, languageId } = channel;
  const [answer, setAnswer] = useState<{ key: string; cart: CartFieldsFragment | undefined } | null>(null);
  const key = `${id}|${channelId}|${languageId}`;
  useEffect(() => {
    if (!client || !id) return;
    // A page that watches anew asks anew: an earlier refusal does not open the error page before this answer.
    cartQueryState.failure = null;
    let ended = false;
    let subscription: { unsubscribe(): void } | undefined;
    // The query's document comes with the Apollo client's turn, not in the first route's code.
    void import('../../graphql/generated/documents/Cart').then(({ CartDocument }) => {
      if (ended) return;
      const watched = client.watchQuery({ query: CartDocument, variables: { id, channelId, languageId }, fetchPolicy: 'cache-and-network', context: cartAnswerContext });
      // A fetch without an answer (offline) keeps the cart shown, the outbox's own copy covers it; an answer that
      // refuses (status 300 or more, GraphQL errors) is kept for the cart page, which opens the error page with it.
      const failed = (error: unknown) => {
        // The failure's reading comes with the loaders' code (lib/loader-query.ts), not in the first route's JS.
        void import('../../lib/loader-query')
          .then(({ serverFailureOf }) => serverFailureOf(error, CartDocument))
          .then((failure) => {
            if (failure && !ended) cartQueryState.failure = ref({ error: failure, at: Date.now() });
          })
          // Its code did not arrive (the connection is gone) or the failure could not be read: the cart stays as shown.
          .catch(() => undefined);
      };
      subscription = watched.subscribe({
        next: (result) => {
          if (result.error) return failed(result.error);
          if (result.dataState !== 'complete') return;
          cartQueryState.failure = null;
          setAnswer({ key: `${id}|${channelId}|${languageId}`, cart: result.data.getCart ?? undefined });
        },
        error: failed,
      });
    }, () => undefined);
    return () => {
      ended = true;
      subscription?.unsubscribe();
    };
  }, [client, id, channelId, languageId]);
  return id && answer?.key === key ? answer.cart : undefined;
}

/** The cart page's question: did the server refuse the cart (the error page then says so with its status)? */
/**
 * The server's refusal of getCart for the page that calls this: one that came after the page opened (a refusal
 * the header's mini cart met on an earlier page is not this page's), and only while the page has shown no cart, so
 * a refetch refused later never swaps a half-filled checkout for the error page.
 */
export function useCartQueryFailure(cartShown: boolean): ErrorResponse | null {
  const [openedAt] = useState(() => Date.now());
  const failure = useSnapshot(cartQueryState).failure;
  return failure && failure.at >= openedAt && !cartShown ? (failure.error as ErrorResponse) : null;
}

export function itemCount(cart: CartFieldsFragment | null): number {
  return cart?.items.reduce((sum, item) => sum + item.quantity, 0) ?? 0;
}

/** Which changes wait to be saved, for the cart UI to say so honestly. */
export function useCartPending(): { skus: Set<number>; count: number; online: boolean; promoCode: string | null; giftCard: string | null } {
  const { entries, online } = useSnapshot(outboxState);
  return useMemo(() => {
    const outbox = entries.length > 0 ? outboxModule : null;
    return {
      skus: outbox ? outbox.pendingSkus(entries) : new Set<number>(),
      count: entries.length,
      online,
      promoCode: outbox ? outbox.pendingCode(entries, 'promo') : null,
      giftCard: outbox ? outbox.pendingCode(entries, 'giftCard') : null,
    };
  }, [entries, online]);
}

/** The one way to change the cart: queues the change in the outbox (loading it on first use) and answers what became of it. */
export function useQueueCartChange() {
  const outboxContext = useOutboxContext();
  return async (intent: CartIntent, preview: LinePreview | null = null) => {
    const [{ queueCartChange }, context] = await Promise.all([loadOutbox(), outboxContext()]);
    return queueCartChange(context, intent, preview);
  };
}
