// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { ApolloClient, ApolloLink, gql, type TypedDocumentNode } from '@apollo/client';
import { Observable } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCache } from './apollo';
import { createMemoryRouter } from 'react-router';
import { configureOfflineData, fetchedInThisTab, firstPageAsOf, leftFirstPage, noteFirstPage, readPersisted, recordFirstPage, startOfflineData } from './offline-data';
import { adoptCookieState } from './persisted-context';
import { createPersistedStore, defaultPersistedState, serializePersistedState } from './persisted-state';
import { queryFor } from './loader-query';
import { AS_OF_KEY, loaderEnvFor, withAsOf, type LoaderEnv } from './route-context';

const PRODUCT: TypedDocumentNode<{ product: { __typename: 'Product'; name: string; price: number } }, { alias: string; channelId?: string; languageId?: string }> = gql`
  query ProductPage($alias: String!, $channelId: String, $languageId: String) {
    product(alias: $alias, channelId: $channelId, languageId: $languageId) {
      name
      price
    }
  }
`;

const answering = (price: number) =>
  new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        observer.next({ data: { product: { __typename: 'Product', name: `Spel ${String(operation.variables.alias)}`, price } } });
        observer.complete();
      }),
  );
const lostConnection = new ApolloLink(() => new Observable((observer) => observer.error(new TypeError('Failed to fetch'))));
const tab = (link: ApolloLink): LoaderEnv => {
  const client = new ApolloClient({ link, cache: createCache() });
  return { client: () => Promise.resolve(client), languageId: 'sv' };
};
const load = (env: LoaderEnv, alias: string) => withAsOf(env, async (scoped) => ({ ...(await queryFor(scoped, PRODUCT, { alias })) }));
const setOnline = (online: boolean) => Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });

beforeAll(() => {
  configureOfflineData({ schemaVersion: 1 });
});
afterEach(() => {
  setOnline(true);
  vi.useRealTimers();
});

describe('loaders offline', () => {
  it('render a page fetched before from the device copy, saying since when its data is true', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T14:05:00'));
    const online = await load(tab(answering(349)), 'zelda');
    expect(online).toEqual({ product: { __typename: 'Product', name: 'Spel zelda', price: 349 } });
    // Fresh from the network: nothing to say about its age.
    expect(AS_OF_KEY in online).toBe(false);
    await (await startOfflineData())?.flush();

    vi.setSystemTime(new Date('2026-11-24T16:30:00'));
    // Another tab, or this one after a reload: fresh modules (nothing in memory: the copy comes from IndexedDB), an
    // empty cache, and no network.
    vi.resetModules();
    const reloaded = { ...(await import('./offline-data')), ...(await import('./route-context')), ...(await import('./loader-query')) };
    reloaded.configureOfflineData({ schemaVersion: 1 });
    const offline = await reloaded.withAsOf(tab(lostConnection), async (scoped) => ({ ...(await reloaded.queryFor(scoped, PRODUCT, { alias: 'zelda' })) }));
    expect(offline).toMatchObject({ product: { name: 'Spel zelda', price: 349 }, [reloaded.AS_OF_KEY]: new Date('2026-11-24T14:05:00').getTime() });
  });

  it('still say offline for a page never fetched', async () => {
    const thrown = await load(tab(lostConnection), 'never-seen').catch((error: unknown) => error);
    expect((thrown as { data?: { offline?: boolean } }).data?.offline).toBe(true);
  });

  it("answered from the tab's own cache while offline, say when that was fetched", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:15:00'));
    const env = tab(answering(199));
    await load(env, 'mario');
    vi.setSystemTime(new Date('2026-11-24T10:00:00'));
    expect(AS_OF_KEY in (await load(env, 'mario'))).toBe(false);
    setOnline(false);
    expect(await load(env, 'mario')).toMatchObject({ [AS_OF_KEY]: new Date('2026-11-24T09:15:00').getTime() });
  });
});

describe('the first page', () => {
  it('says how old it is only when its HTML is a kept copy: opened offline, or too old to be fresh', () => {
    const now = Date.parse('2026-11-24T14:00:00Z');
    noteFirstPage(now - 1000, now, true);
    expect(firstPageAsOf()).toBeNull();
    noteFirstPage(now - 1000, now, false);
    expect(firstPageAsOf()).toBe(now - 1000);
    noteFirstPage(now - 60 * 60 * 1000, now, true);
    expect(firstPageAsOf()).toBe(now - 60 * 60 * 1000);
    leftFirstPage();
    expect(firstPageAsOf()).toBeNull();
  });
});

describe('the page the tab started on', () => {
  // A page's loader as routes.tsx makes it: its env from the context it runs in, its own answer marked as the page's.
  const loadPage = (env: LoaderEnv, context: unknown, alias: string) =>
    withAsOf(loaderEnvFor(env, context), async (scoped) => ({ ...(await queryFor(scoped, PRODUCT, { alias }, { pageAnswer: true })) }));

  it('is recorded after hydration, so coming back to it offline finds it', async () => {
    const env = tab(answering(499));
    let loads = 0;
    const router = createMemoryRouter(
      [{ id: 'layout', path: '/', loader: () => null, children: [{ id: 'product', path: 'p/:alias', loader: ({ params, context }) => (loads++, loadPage(env, context, params.alias!)) }] }],
      // The server's data: the loaders do not run to hydrate.
      { initialEntries: ['/p/first-landed'], hydrationData: { loaderData: { layout: null, product: { product: { name: 'Spel first-landed', price: 499 } } } } },
    );
    expect(loads).toBe(0);
    await recordFirstPage(router.state.matches, 'https://shop.test/p/first-landed');
    expect(loads).toBe(1);
    await (await startOfflineData())?.flush();
    // The page shows the server's data: the answer skipped the tab's cache (Apollo's writing of it is long work).
    const client = await env.client();
    const variables = { alias: 'first-landed', channelId: '1|se', languageId: 'sv' };
    expect(client.readQuery({ query: PRODUCT, variables })).toBeNull();
    // A loader the router runs (a later visit) still fills the tab's cache.
    await loadPage(env, undefined, 'first-landed');
    expect(client.readQuery({ query: PRODUCT, variables })).toMatchObject({ product: { price: 499 } });

    setOnline(false);
    expect(await load(tab(lostConnection), 'first-landed')).toMatchObject({ product: { name: 'Spel first-landed', price: 499 } });
  });

  it("keeps the next visit's newer answer on the device, as fetched in this tab then", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T09:00:00'));
    const matches = [{ params: { alias: 'repriced' }, route: { loader: ({ context }: { context: unknown }) => loadPage(tab(answering(100)), context, 'repriced') } }];
    await recordFirstPage(matches, 'https://shop.test/p/repriced');

    vi.setSystemTime(new Date('2026-11-24T10:00:00'));
    const later = tab(answering(200));
    await loadPage(later, undefined, 'repriced');
    const variables = { alias: 'repriced', channelId: '1|se', languageId: 'sv' };
    expect(await fetchedInThisTab(PRODUCT, variables)).toBe(Date.now());
    expect(await readPersisted(PRODUCT, variables)).toMatchObject({ data: { product: { price: 200 } }, cachedAt: Date.now() });
  });

  it('is not fetched again offline or when the data saver is on', async () => {
    let loads = 0;
    const matches = [{ params: {}, route: { loader: () => loads++ } }];
    setOnline(false);
    await recordFirstPage(matches, 'https://shop.test/');
    setOnline(true);
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    await recordFirstPage(matches, 'https://shop.test/');
    Object.defineProperty(navigator, 'connection', { value: { effectiveType: '4g' }, configurable: true });
    expect(loads).toBe(0);
    await recordFirstPage(matches, 'https://shop.test/');
    expect(loads).toBe(1);
  });
});

describe('the persisted state after hydration', () => {
  it("takes the cookie's favorites and toggles over those of a kept page's HTML", () => {
    const store = createPersistedStore(defaultPersistedState());
    const cookie = serializePersistedState({ ...defaultPersistedState(), favorites: [5, 7], vatIncluded: false }).split(';')[0]!;
    adoptCookieState(store, cookie);
    expect(store.favorites).toEqual([5, 7]);
    expect(store.vatIncluded).toBe(false);
  });

  it('keeps the state when there is no cookie', () => {
    const store = createPersistedStore({ ...defaultPersistedState(), favorites: [3] });
    adoptCookieState(store, 'other=1');
    expect(store.favorites).toEqual([3]);
  });
});
