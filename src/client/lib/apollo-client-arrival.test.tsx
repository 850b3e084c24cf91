// @vitest-environment happy-dom
import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { act, memo, useContext } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it, vi } from 'vitest';
import { ApolloContext, loadApolloClient, ShopApolloProvider, useApollo, useApolloForActions } from './apollo-client';
import type * as idle from './idle';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const tabClient = new ApolloClient({ cache: new InMemoryCache(), link: ApolloLink.empty() });
// The tab's client as lib/apollo.ts would make it (the real one opens IndexedDB and the network).
vi.mock('./apollo', () => ({ createBrowserApollo: () => tabClient }));
// The tasks the arrival is cut into, taken one at a time where a test asks to (`tasks.held`); else the real ones.
const tasks = vi.hoisted(() => ({ held: false, waiting: [] as Array<() => void> }));
vi.mock('./idle', async (importOriginal) => {
  const real = await importOriginal<typeof idle>();
  return { ...real, nextTask: () => (tasks.held ? new Promise<void>((resolve) => tasks.waiting.push(resolve)) : real.nextTask()) };
});

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

  it('renders each component that reads it in a task of its own, leaving out one that went away meanwhile', async () => {
    // A fresh module: the first test's client has arrived already.
    vi.resetModules();
    const { loadApolloClient: load, ShopApolloProvider: Provider, useApollo: use } = await import('./apollo-client');
    const seen: Record<string, unknown[]> = { account: [], cart: [], live: [] };
    // Memoised: the page's own renders below do not render them again, only the client's arrival does.
    const Reads = memo(function Reads({ name }: { name: string }) {
      seen[name]!.push(use().ready);
      return null;
    });
    const root = createRoot(document.createElement('div'));
    const page = (parts: string[]) => (
      <Provider>
        {parts.map((name) => (
          <Reads key={name} name={name} />
        ))}
      </Provider>
    );
    await act(async () => root.render(page(['account', 'cart', 'live'])));
    tasks.held = true;
    const takeTask = async () => {
      await act(async () => {
        await vi.waitFor(() => expect(tasks.waiting).toHaveLength(1));
        tasks.waiting.shift()!();
      });
    };
    try {
      const arrived = load();
      await takeTask(); // after the chunk's evaluation: the client is made
      expect(seen).toEqual({ account: [null], cart: [null], live: [null] });
      await takeTask();
      expect(seen).toEqual({ account: [null, tabClient], cart: [null], live: [null] });
      // The live part goes away before its turn: it is not told, nothing renders it, and no task waits for it.
      await act(async () => root.render(page(['account', 'cart'])));
      await takeTask();
      expect(seen).toEqual({ account: [null, tabClient], cart: [null, tabClient], live: [null] });
      await act(async () => {});
      expect(tasks.waiting).toHaveLength(0);
      expect(await arrived).toBe(tabClient);
      // One that renders anew after the client was made reads it at once.
      await act(async () => root.render(page(['account', 'cart', 'live'])));
      expect(seen.live).toEqual([null, tabClient]);
    } finally {
      tasks.held = false;
      await act(async () => root.unmount());
    }
  });
});
