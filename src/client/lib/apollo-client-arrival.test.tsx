// @vitest-environment happy-dom
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { act, useContext } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { ApolloContext, loadApolloClient, ShopApolloProvider, useApollo, useApolloForActions } from './apollo-client';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const tabClient = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
// The tab's client as lib/apollo.ts would make it (the real one opens IndexedDB and the network).
vi.mock('./apollo', () => ({ createBrowserApollo: () => tabClient }));

describe("the tab's Apollo client arriving after the first render", () => {
  it('renders again only the components that read it, with no new context value for the rest of the page', async () => {
    const renders = { context: 0, actions: 0 };
    const ready: unknown[] = [];
    let action: (() => Promise<ApolloClient>) | undefined;
    // Apollo's hooks read the context; a part of the page still hydrating would be made to hydrate at once by a new value.
    function ReadsContext() {
      renders.context += 1;
      useContext(ApolloContext);
      return null;
    }
    function Acts() {
      renders.actions += 1;
      action = useApolloForActions();
      return null;
    }
    function ShowsData() {
      ready.push(useApollo().ready);
      return null;
    }
    let seenByApollo: unknown;
    function ReadsApolloLater() {
      seenByApollo = useContext(ApolloContext).client;
      return null;
    }
    const root = createRoot(document.createElement('div'));
    await act(async () =>
      root.render(
        <ShopApolloProvider>
          <ReadsContext />
          <Acts />
          <ShowsData />
        </ShopApolloProvider>,
      ),
    );
    expect(ready).toEqual([null]);
    await act(async () => {
      await loadApolloClient();
    });
    expect(ready).toEqual([null, tabClient]);
    expect(renders).toEqual({ context: 1, actions: 1 });
    expect(await action!()).toBe(tabClient);
    // What Apollo's own hooks read (a page that renders with the client) is the tab's client.
    await act(async () =>
      root.render(
        <ShopApolloProvider>
          <ReadsApolloLater />
        </ShopApolloProvider>,
      ),
    );
    expect(seenByApollo).toBe(tabClient);
    await act(async () => root.unmount());
  });
});
