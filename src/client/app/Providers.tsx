import { ApolloProvider } from '@apollo/client/react';
import type { ApolloClient } from '@apollo/client';
import type { ReactNode } from 'react';
import type { createPersistedStore } from '../lib/persisted-state';
import type { Boot } from './boot';
import { Document } from './Document';
import { PersistedProvider } from '../lib/persisted-context';
import { ShopProvider } from '../lib/shop-context';

/** The same tree on server and client, so hydration matches. */
export function Providers(props: {
  boot: Boot;
  languageId: string;
  client: ApolloClient;
  store: ReturnType<typeof createPersistedStore>;
  children: ReactNode;
}) {
  const { boot } = props;
  return (
    <Document boot={boot} languageId={props.languageId}>
      <ApolloProvider client={props.client}>
        <ShopProvider value={{ variant: boot.variant, gtmId: boot.gtmId, demo: boot.demo, origin: boot.origin, persisted: boot.persisted, cookieConsent: boot.cookieConsent }}>
          <PersistedProvider store={props.store}>{props.children}</PersistedProvider>
        </ShopProvider>
      </ApolloProvider>
    </Document>
  );
}
