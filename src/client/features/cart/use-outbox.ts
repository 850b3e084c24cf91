import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSnapshot } from 'valtio';
import { useChannelVariables } from '../../hooks/use-language';
import { useApolloClientLater } from '../../lib/apollo-client';
import type { OutboxContext } from './outbox/runtime';
import { loadOutbox, outboxModule } from './load-outbox';
import { outboxState, type CartIntent, type LinePreview } from './outbox-state';

/**
 * What the outbox needs from React: the Apollo client (which loads after the first render, so this waits for
 * it), the page's language and the texts it tells with.
 */
export function useOutboxContext(): () => Promise<OutboxContext> {
  const apollo = useApolloClientLater();
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

/** Queues one cart change in the outbox (loading it on first use) and answers what became of it. */
export function useQueueCartChange() {
  const outboxContext = useOutboxContext();
  return async (intent: CartIntent, preview: LinePreview | null = null) => {
    const [{ queueCartChange }, context] = await Promise.all([loadOutbox(), outboxContext()]);
    return queueCartChange(context, intent, preview);
  };
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
