import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider, getApolloContext, useApolloClient } from '@apollo/client/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ApolloContext, useApollo } from './apollo-client';

describe('the Apollo context the app provides before Apollo has loaded', () => {
  it('is the very context Apollo’s hooks read', () => {
    expect(getApolloContext()).toBe(ApolloContext);
  });

  it('hands Apollo’s hooks the client put into it, and says null while there is none', () => {
    const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
    let seen: unknown;
    function ReadsApollo() {
      seen = useApolloClient();
      return null;
    }
    renderToString(
      <ApolloContext.Provider value={{ client }}>
        <ReadsApollo />
      </ApolloContext.Provider>,
    );
    expect(seen).toBe(client);

    const ready: unknown[] = [];
    function ReadsReady() {
      ready.push(useApollo().ready);
      return null;
    }
    renderToString(
      <ApolloContext.Provider value={{}}>
        <ReadsReady />
      </ApolloContext.Provider>,
    );
    renderToString(
      <ApolloProvider client={client}>
        <ReadsReady />
      </ApolloProvider>,
    );
    expect(ready).toEqual([null, client]);
  });

  it('hands an action the client it was given, without loading the tab\'s own', async () => {
    const client = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
    let get: (() => Promise<ApolloClient>) | undefined;
    function ReadsLater() {
      get = useApollo().get;
      return null;
    }
    renderToString(
      <ApolloContext.Provider value={{ client }}>
        <ReadsLater />
      </ApolloContext.Provider>,
    );
    expect(await get!()).toBe(client);
  });
});
