import type { ApolloClient } from '@apollo/client';
import { useMemo, type ReactNode } from 'react';
import { ShopApolloProvider } from '../lib/apollo-client';
import type { createPersistedStore } from '../lib/persisted-state';
import type { Boot } from './boot';
import { Document, type ServerScripts } from './Document';
import { PersistedProvider } from '../lib/persisted-context';
import { ShopProvider } from '../lib/shop-context';

/**
 * The same tree on server and client, so hydration matches. The server renders with its request's client; the
 * browser's arrives after the first render (lib/apollo-client.ts) into the same context, so nothing remounts.
 */
export function Providers(props: {
  boot: Boot;
  languageId: string;
  client?: ApolloClient;
  store: ReturnType<typeof createPersistedStore>;
  /** The server's only: the scripts its HTML starts (Document). */
  serverScripts?: ServerScripts;
  children: ReactNode;
}) {
  const { boot } = props;
  // The same value for the tab's life, so no reader renders again because something above this one did.
  const shop = useMemo(
    () => ({ variant: boot.variant, gtmId: boot.gtmId, demo: boot.demo, demoNoticeClosed: boot.demoNoticeClosed, origin: boot.origin, persisted: boot.persisted, cookieConsent: boot.cookieConsent }),
    [boot],
  );
  return (
    <Document boot={boot} languageId={props.languageId} serverScripts={props.serverScripts}>
      <ShopApolloProvider client={props.client}>
        <ShopProvider value={shop}>
          <PersistedProvider store={props.store}>{props.children}</PersistedProvider>
        </ShopProvider>
      </ShopApolloProvider>
    </Document>
  );
}
