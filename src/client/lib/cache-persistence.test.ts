import 'fake-indexeddb/auto';
import { gql, type TypedDocumentNode } from '@apollo/client';
import { createStore, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openCachePersistence, type CachePersistence, type PersistenceOptions } from './cache-persistence';
import { createTabCoordinator, LEADER_FALLBACK_MS, LEADER_LEASE_KEY, type TabCoordinator, type TabCoordinatorOptions } from './tabs';

interface ProductData {
  product: { __typename: 'Product'; productId: number; name: string; price: number; stock: number } | null;
}
interface ProductVars {
  alias: string;
  channelId: string;
  languageId: string;
}
const ProductPage: TypedDocumentNode<ProductData, ProductVars> = gql`
  query ProductPage($alias: String!, $channelId: String, $languageId: String) {
    product(alias: $alias, channelId: $channelId, languageId: $languageId) {
      productId
      name
      price
      stock
    }
  }
`;
const Cart: TypedDocumentNode<{ getCart: { __typename: 'Cart'; id: string; email: string } }, { id: string }> = gql`
  query Cart($id: String!) {
    getCart(id: $id) {
      id
      email
    }
  }
`;
const ContentPreview: TypedDocumentNode<{ contentPreview: { __typename: 'ContentPage'; pageId: number; title: string } }, { alias: string }> = gql`
  query ContentPreview($alias: String!) {
    contentPreview(alias: $alias) {
      pageId
      title
    }
  }
`;
const ProductListPage: TypedDocumentNode<{ products: { __typename: 'ProductListResult'; count: number } }, { filter: { productIds?: number[]; limit: number } }> = gql`
  query ProductListPage($filter: FilterInputType) {
    products(filter: $filter) {
      count
    }
  }
`;

type CategoryVars = { channelId: string; languageId: string };
const Layout: TypedDocumentNode<{ categories: { __typename: 'Category'; id: number; name: string; children: { __typename: 'Category'; name: string }[] }[] }, CategoryVars> = gql`
  query Layout($channelId: String, $languageId: String) {
    categories(channelId: $channelId, languageId: $languageId) {
      id
      name
      children {
        name
      }
    }
  }
`;
const ListCategories: TypedDocumentNode<{ categories: { __typename: 'Category'; alias: string }[] }, CategoryVars> = gql`
  query ListCategories($channelId: String, $languageId: String) {
    categories(channelId: $channelId, languageId: $languageId) {
      alias
    }
  }
`;
const layoutAnswer = { categories: [{ __typename: 'Category' as const, id: 1, name: 'Nintendo', children: [{ __typename: 'Category' as const, name: 'SNES' }] }] };
const listAnswer = { categories: [{ __typename: 'Category' as const, alias: 'nintendo' }, { __typename: 'Category' as const, alias: 'sega' }] };

const vars = (alias: string): ProductVars => ({ alias, channelId: '1|se', languageId: 'sv' });
const product = (id: number, name = `Spel ${id}`): ProductData => ({
  product: { __typename: 'Product', productId: id, name, price: 100 + id, stock: id },
});

let counter = 0;
const opened: CachePersistence[] = [];
const coordinators: TabCoordinator[] = [];
/** A tab of this test's device (lib/tabs); with neither Web Locks nor lease storage it leads, so each copy writes. */
function tab(overrides: TabCoordinatorOptions = {}): TabCoordinator {
  const made = createTabCoordinator({ locks: null, storage: null, channel: new BroadcastChannel(`offline-test-${counter}`), ...overrides });
  coordinators.push(made);
  return made;
}
/** A database of its own per test. */
function options(overrides: Partial<PersistenceOptions> = {}): PersistenceOptions {
  return { schemaVersion: 1, databaseName: `test-${counter}`, debounceMs: 10, ...overrides, tabs: overrides.tabs ?? tab() };
}
/** localStorage as the tabs of one origin share it. */
function leaseStorage() {
  const map = new Map<string, string>();
  return { map, getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}
async function open(overrides: Partial<PersistenceOptions> = {}): Promise<CachePersistence> {
  const store = await openCachePersistence(options(overrides));
  opened.push(store);
  return store;
}
const stored = (key: string) => get<string>(key, createStore(`test-${counter}`, 'apollo'));

afterEach(() => {
  for (const store of opened.splice(0)) store.close();
  for (const made of coordinators.splice(0)) made.close();
  counter++;
  vi.useRealTimers();
});

describe('the persisted catalog copy', () => {
  it('keeps an answer with the time it was fetched, for a later tab', async () => {
    const first = await open();
    first.record(ProductPage, vars('zelda'), product(1), 1_700_000_000_000);
    await first.flush();
    first.close();

    const later = await open();
    expect(later.read(ProductPage, vars('zelda'))).toEqual({ data: product(1), cachedAt: 1_700_000_000_000 });
    // Another product, or the same in the other language, was never fetched.
    expect(later.read(ProductPage, vars('mario'))).toBeNull();
    expect(later.read(ProductPage, { ...vars('zelda'), languageId: 'en' })).toBeNull();
  });

  it('keeps answers of operations sharing a root field apart (the layout and a category list both ask for categories)', async () => {
    const categoryVars = { channelId: '1|se', languageId: 'sv' };
    const first = await open();
    first.record(Layout, categoryVars, layoutAnswer, 1000);
    first.record(ListCategories, categoryVars, listAnswer, 2000);
    expect(first.read(Layout, categoryVars)).toEqual({ data: layoutAnswer, cachedAt: 1000 });
    expect(first.read(ListCategories, categoryVars)).toEqual({ data: listAnswer, cachedAt: 2000 });
    await first.flush();
    first.close();

    const later = await open();
    expect(later.read(Layout, categoryVars)).toEqual({ data: layoutAnswer, cachedAt: 1000 });
    expect(later.read(ListCategories, categoryVars)).toEqual({ data: listAnswer, cachedAt: 2000 });
  });

  it('writes debounced: many answers in a burst are one write', async () => {
    const store = await open({ debounceMs: 50 });
    const idb = createStore(`test-${counter}`, 'apollo');
    const writes = vi.spyOn(IDBObjectStore.prototype, 'put');
    for (let i = 1; i <= 5; i++) store.record(ProductPage, vars(`p${i}`), product(i), 1000 + i);
    expect(await get('apollo-cache', idb)).toBeUndefined();
    await vi.waitFor(async () => expect(await get('apollo-cache', idb)).toBeDefined());
    // The answers and their times: two records, once.
    expect(writes).toHaveBeenCalledTimes(2);
    writes.mockRestore();
  });

  it('takes an answer in at an idle moment of its own, not in the task that brought it; a read or a flush first takes in what waits', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    try {
      const coordinator = tab();
      const post = vi.spyOn(coordinator, 'post');
      const store = await open({ tabs: coordinator });
      store.record(ProductPage, vars('zelda'), product(1), 1000);
      store.record(ProductPage, vars('mario'), product(2), 1000);
      // Neither into the copy nor to the other tabs yet: Apollo's own handling of the answer ran in this task.
      expect(post).not.toHaveBeenCalled();
      expect(idle).toHaveLength(1);
      // One answer per idle moment.
      idle.shift()?.();
      expect(post).toHaveBeenCalledOnce();
      expect(idle).toHaveLength(1);
      // A read does not wait for the next one.
      expect(store.read(ProductPage, vars('mario'))).toEqual({ data: product(2), cachedAt: 1000 });
      expect(post).toHaveBeenCalledTimes(2);
      store.record(ProductPage, vars('link'), product(3), 1000);
      await store.flush();
      expect(await stored('apollo-cache')).toContain('Spel 3');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('an older answer never replaces a newer one', async () => {
    const store = await open();
    store.record(ProductPage, vars('zelda'), product(1, 'Ny'), 2000);
    store.record(ProductPage, vars('zelda'), product(1, 'Gammal'), 1000);
    expect(store.read(ProductPage, vars('zelda'))).toEqual({ data: product(1, 'Ny'), cachedAt: 2000 });
  });

  it('drops a copy from another version of the data', async () => {
    const old = await open({ schemaVersion: 1 });
    old.record(ProductPage, vars('zelda'), product(1), 1000);
    await old.flush();
    old.close();
    expect(await stored('apollo-cache')).toContain('Spel 1');

    const next = await open({ schemaVersion: 2 });
    expect(next.read(ProductPage, vars('zelda'))).toBeNull();
    expect(await stored('apollo-cache')).toBeUndefined();
    expect(await stored('meta')).toBeUndefined();
  });

  it('leaves a copy of another version alone when the page may be an old kept one (offline), and writes nothing over it', async () => {
    const newer = await open({ schemaVersion: 2 });
    newer.record(ProductPage, vars('zelda'), product(1), 1000);
    await newer.flush();
    newer.close();

    const oldPage = await open({ schemaVersion: 1, mayPurge: false });
    expect(oldPage.read(ProductPage, vars('zelda'))).toBeNull();
    oldPage.record(ProductPage, vars('mario'), product(2), 2000);
    await oldPage.flush();
    oldPage.close();
    expect(await stored('apollo-cache')).toContain('Spel 1');
    expect(await stored('apollo-cache')).not.toContain('Spel 2');

    const again = await open({ schemaVersion: 2 });
    expect(again.read(ProductPage, vars('zelda'))).toEqual({ data: product(1), cachedAt: 1000 });
  });

  it("ignores another tab's answers when that tab runs another version", async () => {
    const current = await open({ schemaVersion: 2 });
    const oldTab = await open({ schemaVersion: 1 });
    const sameTab = await open({ schemaVersion: 2 });
    oldTab.record(ProductPage, vars('zelda'), product(1, 'Gammal form'), 1000);
    sameTab.record(ProductPage, vars('mario'), product(2), 1000);
    await vi.waitFor(() => expect(current.read(ProductPage, vars('mario'))).not.toBeNull());
    expect(current.read(ProductPage, vars('zelda'))).toBeNull();
  });

  it('starts a new copy when the stored one is damaged', async () => {
    const idb = createStore(`test-${counter}`, 'apollo');
    await set('meta', { schemaVersion: 1, format: 2, entries: { 'ProductPage:{}': { at: 1, fields: ['product'] } } }, idb);
    await set('apollo-cache', '{"ROOT_QUERY":{"product', idb);
    const store = await open();
    expect(await stored('apollo-cache')).toBeUndefined();
    store.record(ProductPage, vars('zelda'), product(1), 1000);
    await store.flush();
    expect(await stored('apollo-cache')).toContain('Spel 1');
  });

  it('drops a copy whose version is unknown (written before versions existed)', async () => {
    await set('apollo-cache', JSON.stringify({ ROOT_QUERY: { __typename: 'Query' } }), createStore(`test-${counter}`, 'apollo'));
    const store = await open();
    expect(await stored('apollo-cache')).toBeUndefined();
    expect(store.read(ProductPage, vars('zelda'))).toBeNull();
  });

  it('never stores the cart, the checkout or the favorites list', async () => {
    const store = await open();
    store.record(Cart, { id: 'cart-secret' }, { getCart: { __typename: 'Cart', id: 'cart-secret', email: 'anna@example.com' } }, 1000);
    store.record(ProductListPage, { filter: { productIds: [11, 12], limit: 24 } }, { products: { __typename: 'ProductListResult', count: 2 } }, 1000);
    store.record(ProductListPage, { filter: { limit: 24 } }, { products: { __typename: 'ProductListResult', count: 99 } }, 1000);
    store.record(ProductPage, vars('zelda'), product(1), 1000);
    await store.flush();

    const json = (await stored('apollo-cache')) ?? '';
    const meta = JSON.stringify(await stored('meta'));
    for (const text of [json, meta]) {
      expect(text).not.toContain('cart-secret');
      expect(text).not.toContain('anna@example.com');
      expect(text).not.toContain('getCart');
      expect(text).not.toContain('productIds');
    }
    expect(json).toContain('Spel 1');
    expect(json).toContain('99');
    expect(store.read(Cart, { id: 'cart-secret' })).toBeNull();
  });

  it("never stores an admin's unpublished draft: it must not outlive the preview on a shared device", async () => {
    const store = await open();
    store.record(ContentPreview, { alias: 'kommer-snart' }, { contentPreview: { __typename: 'ContentPage', pageId: 9, title: 'Hemlig kampanj' } }, 1000);
    store.record(ProductPage, vars('zelda'), product(1), 1000);
    await store.flush();
    expect((await stored('apollo-cache')) ?? '').not.toContain('Hemlig kampanj');
    expect(store.read(ContentPreview, { alias: 'kommer-snart' })).toBeNull();
  });

  it('stays under its size cap by dropping the oldest answers first', async () => {
    const store = await open({ maxSize: 4000, targetSize: 3000 });
    for (let i = 1; i <= 40; i++) store.record(ProductPage, vars(`p${i}`), product(i, `Spel nummer ${i} med ett långt namn`), 1000 + i);
    await store.flush();

    const json = (await stored('apollo-cache')) ?? '';
    expect(json.length).toBeGreaterThan(1000);
    expect(json.length).toBeLessThanOrEqual(3000);
    // The newest are kept, readable and with their times; the oldest are gone from memory and from the times.
    expect(store.read(ProductPage, vars('p40'))?.cachedAt).toBe(1040);
    expect(store.read(ProductPage, vars('p1'))).toBeNull();
    const meta = (await stored('meta')) as unknown as { entries: Record<string, unknown> };
    expect(Object.keys(meta.entries).length).toBeLessThan(40);
    expect(Object.keys(meta.entries).some((key) => key.includes('"p1"'))).toBe(false);

    // Still under the cap after more answers: the copy never grows past it (the library would purge all of it).
    for (let i = 41; i <= 80; i++) store.record(ProductPage, vars(`p${i}`), product(i, `Spel nummer ${i} med ett långt namn`), 1000 + i);
    await store.flush();
    expect(((await stored('apollo-cache')) ?? '').length).toBeLessThanOrEqual(3000);
    expect(store.read(ProductPage, vars('p80'))).not.toBeNull();
  });

  it('purges for logout: the tab cache is cleared, the stored copy deleted, and writing resumes', async () => {
    const store = await open();
    store.record(ProductPage, vars('zelda'), product(1), 1000);
    await store.flush();
    const clearLive = vi.fn(() => Promise.resolve());
    await store.purge(clearLive);
    expect(clearLive).toHaveBeenCalledOnce();
    expect(store.read(ProductPage, vars('zelda'))).toBeNull();
    expect(await stored('apollo-cache')).toBeUndefined();

    // An answer fetched after the logout goes in again (answers carry the time they were fetched).
    store.record(ProductPage, vars('mario'), product(2), Date.now());
    await store.flush();
    expect(await stored('apollo-cache')).toContain('Spel 2');
    expect(await stored('apollo-cache')).not.toContain('Spel 1');
  });

  it('forgets at logout what was fetched before it: answers still waiting, recorded while it runs, or told late by another tab', async () => {
    // No idle moment comes: what waits stays in the queue until something takes it in.
    vi.stubGlobal('requestIdleCallback', () => 0);
    try {
      const storage = leaseStorage();
      const writerTab = await open({ tabs: tab({ storage }) });
      const otherTab = await open({ tabs: tab({ storage }) });
      const before = Date.now() - 1000;
      writerTab.record(ProductPage, vars('zelda'), product(1), before);
      await writerTab.purge(async () => writerTab.record(ProductPage, vars('mario'), product(2), Date.now()));
      // The other tab's answer, fetched before the logout, arrives after it; then one fetched after it.
      otherTab.record(ProductPage, vars('link'), product(3), before);
      otherTab.record(ProductPage, vars('samus'), product(4), Date.now() + 1);
      await otherTab.flush();
      // The channel keeps its order: once the later answer is here, the earlier one has been heard.
      await vi.waitFor(() => expect(writerTab.read(ProductPage, vars('samus'))).not.toBeNull());
      expect(writerTab.read(ProductPage, vars('zelda'))).toBeNull();
      expect(writerTab.read(ProductPage, vars('mario'))).toBeNull();
      expect(writerTab.read(ProductPage, vars('link'))).toBeNull();
      await writerTab.flush();
      expect(await stored('apollo-cache')).toContain('Spel 4');
      expect(await stored('apollo-cache')).not.toMatch(/Spel [123]"/);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('a write under way when the purge starts does not bring the old copy back', async () => {
    const store = await open();
    store.record(ProductPage, vars('zelda'), product(1), Date.now() - 1000);
    await store.flush();
    store.record(ProductPage, vars('mario'), product(2), Date.now() - 1000);
    const writing = store.flush();
    await store.purge();
    await writing;
    expect(store.read(ProductPage, vars('zelda'))).toBeNull();
    expect(await stored('apollo-cache')).toBeUndefined();
    await store.flush();
    expect(await stored('apollo-cache')).toBeUndefined();
  });

  it("another tab's logout empties this tab's copy too: leading, it would write it all back", async () => {
    const storage = leaseStorage();
    const writerTab = await open({ tabs: tab({ storage }) });
    const otherTab = await open({ tabs: tab({ storage }) });
    writerTab.record(ProductPage, vars('zelda'), product(1), Date.now() - 1000);
    await writerTab.flush();
    expect(await stored('apollo-cache')).toContain('Spel 1');
    await otherTab.purge();
    await vi.waitFor(() => expect(writerTab.read(ProductPage, vars('zelda'))).toBeNull());
    writerTab.record(ProductPage, vars('mario'), product(2), Date.now() + 1);
    await writerTab.flush();
    expect(await stored('apollo-cache')).toContain('Spel 2');
    expect(await stored('apollo-cache')).not.toContain('Spel 1');
  });

  it('takes in and writes what waits when the tab goes to the background, which may close it without warning', async () => {
    // No idle moment comes: only the tab's going away takes the answer in.
    vi.stubGlobal('requestIdleCallback', () => 0);
    const page = Object.assign(new EventTarget(), { visibilityState: 'visible' });
    vi.stubGlobal('document', page);
    try {
      // Nor would the debounced write come in time.
      const store = await open({ debounceMs: 60_000 });
      store.record(ProductPage, vars('zelda'), product(1), 1000);
      page.visibilityState = 'hidden';
      page.dispatchEvent(new Event('visibilitychange'));
      await vi.waitFor(async () => expect(await stored('apollo-cache')).toContain('Spel 1'));
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('goes on past an answer that fails to go in', async () => {
    const store = await open();
    const failing = { product: null } as unknown as ProductData;
    // A document with no query in it: Apollo's write throws.
    const Broken = gql`
      fragment Broken on Product {
        name
      }
    ` as TypedDocumentNode<ProductData, Record<string, never>>;
    const reported = vi.fn();
    vi.stubGlobal('reportError', reported);
    try {
      store.record(Broken, {}, failing, 1000);
      store.record(ProductPage, vars('zelda'), product(1), 1000);
      expect(store.read(ProductPage, vars('zelda'))).toEqual({ data: product(1), cachedAt: 1000 });
      expect(reported).toHaveBeenCalledOnce();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('only one tab writes; the answers of the others reach the store through it', async () => {
    const storage = leaseStorage();
    const writerTab = await open({ tabs: tab({ storage }) });
    const otherTab = await open({ tabs: tab({ storage }) });
    expect(writerTab.writer).toBe(true);
    expect(otherTab.writer).toBe(false);

    const puts = vi.spyOn(IDBObjectStore.prototype, 'put');
    otherTab.record(ProductPage, vars('zelda'), product(1), 1000);
    await otherTab.flush();
    expect(puts).not.toHaveBeenCalled();
    // Over the tabs' channel to the writer, which stores it.
    await vi.waitFor(() => expect(writerTab.read(ProductPage, vars('zelda'))).not.toBeNull());
    await writerTab.flush();
    expect(await stored('apollo-cache')).toContain('Spel 1');
    puts.mockRestore();
  });

  it('with Web Locks, the leader writes every tab\'s answers and the next leader adds to what is stored, so no answer is lost', async () => {
    // Web Locks as the browser has them: one holder at a time, the others wait their turn.
    let tail = Promise.resolve();
    const locks = {
      request: (_name: string, ...rest: unknown[]) => {
        const callback = rest[rest.length - 1] as () => Promise<unknown>;
        const run = tail.then(callback);
        tail = run.then(
          () => undefined,
          () => undefined,
        );
        return run;
      },
    } as unknown as LockManager;
    const firstTab = tab({ locks });
    const first = await open({ tabs: firstTab });
    await vi.waitFor(() => expect(first.writer).toBe(true));
    first.record(ProductPage, vars('zelda'), product(1), 1000);
    // A tab opened after the first one's broadcast (or frozen while it was sent): it never hears of zelda.
    const secondTab = tab({ locks });
    const second = await open({ tabs: secondTab });
    expect(second.writer).toBe(false);
    await first.flush();
    // The second tab's answer reaches the leader, which writes it.
    second.record(ProductPage, vars('mario'), product(2), 2000);
    await vi.waitFor(() => expect(first.read(ProductPage, vars('mario'))).not.toBeNull());
    // The leader's tab closes before writing it: the second leads now and writes, without losing zelda.
    first.close();
    firstTab.close();
    await vi.waitFor(() => expect(second.writer).toBe(true));
    await second.flush();
    second.close();

    const later = await open();
    expect(later.read(ProductPage, vars('zelda'))).toEqual({ data: product(1), cachedAt: 1000 });
    expect(later.read(ProductPage, vars('mario'))).toEqual({ data: product(2), cachedAt: 2000 });
  });

  it('without Web Locks, a writer that finds another tab took over (it was frozen) steps down', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const storage = leaseStorage();
    const writer = await open({ tabs: tab({ storage }) });
    expect(writer.writer).toBe(true);
    storage.setItem(LEADER_LEASE_KEY, JSON.stringify({ tab: 'newer-writer', until: Date.now() + LEADER_FALLBACK_MS }));
    vi.advanceTimersByTime(1000);
    expect(writer.writer).toBe(false);
    expect(JSON.parse(storage.map.get(LEADER_LEASE_KEY)!)).toMatchObject({ tab: 'newer-writer' });
  });

  it(`a tab that finds no live writer for ${LEADER_FALLBACK_MS / 1000} s takes over writing`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const storage = leaseStorage();
    storage.setItem(LEADER_LEASE_KEY, JSON.stringify({ tab: 'gone', until: Date.now() + LEADER_FALLBACK_MS }));
    const reader = await open({ tabs: tab({ storage }) });
    expect(reader.writer).toBe(false);
    vi.advanceTimersByTime(LEADER_FALLBACK_MS - 1);
    expect(reader.writer).toBe(false);
    vi.advanceTimersByTime(1);
    expect(reader.writer).toBe(true);
  });
});
