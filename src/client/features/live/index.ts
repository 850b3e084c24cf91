import type { ApolloClient } from '@apollo/client';
import { useEffect } from 'react';
import { channels, type LanguageId } from '../../../shared/locales';
import { useHydrated } from '../../hooks/use-hydrated';
import { useApollo } from '../../lib/apollo-client';

/**
 * Starts the tab's live updates (stock, prices and cart over the leader's one socket, see runtime.ts) once the page
 * has hydrated and the Apollo client has loaded: graphql-ws and the rest come as a chunk of their own, never with
 * the first route's JS. Renders nothing.
 */
export function LiveUpdates({ languageId }: { languageId: LanguageId }): null {
  const hydrated = useHydrated();
  const { ready: client } = useApollo();
  useEffect(() => {
    if (hydrated && client) start(client, languageId);
  }, [hydrated, client, languageId]);
  return null;
}

function start(client: ApolloClient, languageId: LanguageId): void {
  import('./runtime').then(
    ({ startLive }) => startLive({ client, channel: { channelId: channels[languageId].channelId, languageId } }),
    // The chunk did not come (offline on a first visit): asked for again once the browser is back online.
    () => window.addEventListener('online', () => start(client, languageId), { once: true }),
  );
}
