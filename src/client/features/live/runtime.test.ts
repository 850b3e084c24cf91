import type { ApolloClient } from '@apollo/client';
import { ref } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StockFieldsFragment } from '../../graphql/generated/operations';
import { liveCatalog, showProduct } from '../../lib/live-catalog';
import { createTabCoordinator, type TabCoordinator, type TabMessageOf } from '../../lib/tabs';
import { testCart, testLine } from '../cart/cart-test-kit';
import { cartState, offerLiveCart, outboxState, readCartAgain } from '../cart';
import type { WatchSet } from './hub';
import { CATCH_UP_DELAY_MS, LiveRuntime } from './runtime';
import type { LiveClient } from './socket';

vi.mock('../cart/live-cart', () => ({ offerLiveCart: vi.fn(async () => undefined), readCartAgain: vi.fn(async () => null) }));
vi.mock('../account/parts', () => ({ onSessionChange: () => () => undefined, refreshToken: async () => undefined }));

type Sink = Parameters<LiveClient['subscribe']>[1];

/** graphql-ws's client in small: the subscriptions it holds (by operation name) and its events. */
function fakeClients() {
  const log: string[] = [];
  const clients: { subs: { name: string; variables: Record<string, unknown>; sink: Sink; ended: boolean }[]; emit(event: string): void }[] = [];
  const create = (): LiveClient => {
    const listeners = new Map<string, Set<() => void>>();
    const client = {
      subs: [] as { name: string; variables: Record<string, unknown>; sink: Sink; ended: boolean }[],
      emit: (event: string) => listeners.get(event)?.forEach((listener) => listener()),
    };
    clients.push(client);
    return {
      subscribe: (payload, sink) => {
        const name = /subscription (\w+)/.exec(payload.query)?.[1] ?? '?';
        const sub = { name, variables: payload.variables as Record<string, unknown>, sink, ended: false };
        client.subs.push(sub);
        log.push(`subscribe ${name} ${JSON.stringify(payload.variables)}`);
        return () => {
          if (!sub.ended) log.push(`end ${name} ${JSON.stringify(payload.variables)}`);
          sub.ended = true;
        };
      },
      on: ((event: string, listener: () => void) => {
        const set = listeners.get(event) ?? new Set();
        listeners.set(event, set);
        set.add(listener);
        return () => set.delete(listener);
      }) as LiveClient['on'],
      dispose: async () => undefined,
      terminate: () => undefined,
    };
  };
  const open = (name: string) => clients.flatMap((c) => c.subs).filter((s) => !s.ended && s.name === name);
  return { create, log, clients, open };
}

/** localStorage as the tabs of one origin share it (the lease elects the first tab). */
function fakeStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

const sv = { channelId: '1|se', languageId: 'sv' };
const stock = (totalStock: number): StockFieldsFragment => ({ __typename: 'Stock', inStock: totalStock > 0, oversellable: false, totalStock, static: false, incoming: null, status: totalStock >= 5 ? 'IN_STOCK' : totalStock > 0 ? 'FEW_LEFT' : 'OUT_OF_STOCK' });

let channelCount = 0;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
  cartState.id = '';
  outboxState.serverCart = null;
  vi.clearAllMocks();
  vi.mocked(readCartAgain).mockResolvedValue(null);
});

function device() {
  const name = `live-test-${++channelCount}`;
  const storage = fakeStorage();
  return () => {
    const tab = createTabCoordinator({ locks: null, storage, channel: new BroadcastChannel(name), page: null });
    cleanups.push(() => tab.close());
    return tab;
  };
}

function apollo(answer: (variables: Record<string, unknown>) => unknown = () => ({ products: { products: [] } })) {
  const query = vi.fn(async ({ variables }: { variables: Record<string, unknown> }) => ({ data: answer(variables) }));
  return { client: { query } as unknown as ApolloClient, query };
}

function heard<K extends 'live/news' | 'live/cart' | 'live/hello'>(tab: TabCoordinator, kind: K): TabMessageOf<K>[] {
  const messages: TabMessageOf<K>[] = [];
  cleanups.push(tab.on(kind, (message) => void messages.push(message)));
  return messages;
}

function leaderRuntime(tab: TabCoordinator, sockets: ReturnType<typeof fakeClients>, client = apollo().client) {
  const runtime = new LiveRuntime({ client, channel: sv }, { tab, createClient: sockets.create });
  runtime.start();
  cleanups.push(() => runtime.stop());
  return runtime;
}

describe('the live updates of a browser: one socket, held by the leading tab', () => {
  beforeEach(() => {
    cleanups.push(showProduct(1, [11]));
  });

  it('splits more SKUs and products than one subscription may follow over several', async () => {
    const tab = device();
    const [a, b] = [tab(), tab()];
    const sockets = fakeClients();
    leaderRuntime(a, sockets);
    const products = Array.from({ length: 600 }, (_, n) => ({ productId: 1000 + n, skuIds: [10_000 + 2 * n, 10_001 + 2 * n], summary: true }));
    b.post({ kind: 'live/watch', watch: { ...sv, cart: '', products } });
    await vi.waitFor(() => expect(sockets.open('LiveStock').map((s) => (s.variables.skuIds as number[]).length)).toEqual([500, 500, 201]));
    expect(sockets.open('LivePrices').map((s) => (s.variables.productIds as number[]).length)).toEqual([500, 101]);
    expect(new Set(sockets.open('LiveStock').flatMap((s) => s.variables.skuIds as number[])).size).toBe(1201);
  });

  it("subscribes to the union of the open tabs' sets, re-subscribes without a gap when a tab closes, and relays each event", async () => {
    const tab = device();
    const [a, b, c] = [tab(), tab(), tab()];
    const sockets = fakeClients();
    const runtime = leaderRuntime(a, sockets);
    expect(runtime.leading).toBe(true);
    await vi.waitFor(() => expect(sockets.open('LiveStock').map((s) => s.variables)).toEqual([{ skuIds: [11] }]));

    const other: WatchSet = { ...sv, cart: '', products: [{ productId: 2, skuIds: [21, 22], summary: true }] };
    b.post({ kind: 'live/watch', watch: other });
    await vi.waitFor(() => expect(sockets.open('LiveStock').map((s) => s.variables)).toEqual([{ skuIds: [11, 21, 22] }]));
    expect(sockets.open('LivePrices').map((s) => s.variables)).toEqual([{ productIds: [1, 2] }]);

    // The other tab closes: its SKUs go, the new subscription first.
    sockets.log.length = 0;
    b.close();
    await vi.waitFor(() => expect(sockets.open('LiveStock').map((s) => s.variables)).toEqual([{ skuIds: [11] }]));
    expect(sockets.log.filter((line) => line.includes('LiveStock'))).toEqual(['subscribe LiveStock {"skuIds":[11]}', 'end LiveStock {"skuIds":[11,21,22]}']);
    // One socket in all: one client.
    expect(sockets.clients).toHaveLength(1);

    // An event: written here, told to the others.
    const news = heard(c, 'live/news');
    sockets.open('LiveStock')[0]!.sink.next({ data: { stockChanged: { skuId: 11, productId: 1, stock: stock(2) } } });
    expect(liveCatalog.skus.get(11)?.stock?.value.totalStock).toBe(2);
    await vi.waitFor(() => expect(news).toHaveLength(1));
    expect(news[0]).toMatchObject({ news: [{ productId: 1, skus: [{ skuId: 11, stock: { totalStock: 2 } }] }], languageId: null });
  });

  it('as a new leader asks the open tabs what they show, and subscribes to it', async () => {
    const tab = device();
    const follower = tab();
    const hellos = heard(follower, 'live/hello');
    cleanups.push(
      follower.on('live/hello', () => follower.post({ kind: 'live/watch', watch: { ...sv, cart: 'cart-1', products: [{ productId: 3, skuIds: [31], summary: false }] } })),
    );
    // The first tab made leads (the lease); this one leads here as if the other had closed before it.
    follower.close();
    const leader = tab();
    const other = tab();
    cleanups.push(other.on('live/hello', () => other.post({ kind: 'live/watch', watch: { ...sv, cart: 'cart-1', products: [{ productId: 3, skuIds: [31], summary: false }] } })));
    const sockets = fakeClients();
    leaderRuntime(leader, sockets);
    await vi.waitFor(() => expect(sockets.open('LiveStock').map((s) => s.variables)).toEqual([{ skuIds: [11, 31] }]));
    expect(sockets.open('LiveCart').map((s) => s.variables)).toEqual([{ id: 'cart-1', ...sv }]);
    expect(hellos).toEqual([]);
  });

  it('after every (re)connect reads the shown products and the cart again, and tells every tab', async () => {
    const tab = device();
    const [a, b] = [tab(), tab()];
    const sockets = fakeClients();
    const { client, query } = apollo(() => ({
      products: { products: [{ productId: 1, stock: stock(7), unitPrice: { sellingPriceIncVat: 99 }, skus: [{ skuId: 11, stock: stock(7), price: { sellingPriceIncVat: 99 } }] }] },
    }));
    cartState.id = 'cart-1';
    const kept = { cart: testCart('cart-1', [testLine(11, 1)]), languageId: 'sv', asOf: 5, receivedAt: 6 };
    vi.mocked(readCartAgain).mockResolvedValue(kept);
    const news = heard(b, 'live/news');
    const carts = heard(b, 'live/cart');
    leaderRuntime(a, sockets, client);
    await vi.waitFor(() => expect(sockets.open('LiveStock')).toHaveLength(1));
    sockets.clients[0]!.emit('connected');
    await vi.waitFor(() => expect(news).toHaveLength(1), { timeout: CATCH_UP_DELAY_MS + 1000 });
    expect(query).toHaveBeenCalledWith(expect.objectContaining({ variables: { productIds: [1], ...sv }, fetchPolicy: 'no-cache' }));
    expect(news[0]).toMatchObject({ languageId: 'sv', news: [{ productId: 1, stock: { totalStock: 7 } }] });
    expect(liveCatalog.products.get(1)?.stock?.value.totalStock).toBe(7);
    await vi.waitFor(() => expect(carts).toEqual([{ kind: 'live/cart', kept, read: true }]));
  });

  it('reads the cart again when a stock event leaves a line over what is left, and offers the socket\'s carts with their warnings told here', async () => {
    const tab = device();
    const [a, b] = [tab(), tab()];
    const sockets = fakeClients();
    cartState.id = 'cart-1';
    outboxState.serverCart = ref({ cart: testCart('cart-1', [testLine(11, 3)]), languageId: 'sv', asOf: 1, receivedAt: 1 });
    const carts = heard(b, 'live/cart');
    leaderRuntime(a, sockets);
    await vi.waitFor(() => expect(sockets.open('LiveCart')).toHaveLength(1));
    sockets.open('LiveStock')[0]!.sink.next({ data: { stockChanged: { skuId: 11, productId: 1, stock: stock(4) } } });
    sockets.open('LiveStock')[0]!.sink.next({ data: { stockChanged: { skuId: 11, productId: 1, stock: stock(2) } } });
    await vi.waitFor(() => expect(readCartAgain).toHaveBeenCalledTimes(1));

    const cart = testCart('cart-1', [testLine(11, 2)]);
    sockets.open('LiveCart')[0]!.sink.next({ data: { cartChanged: cart } });
    expect(offerLiveCart).toHaveBeenCalledWith(expect.objectContaining({ cart, languageId: 'sv' }), true);
    await vi.waitFor(() => expect(carts).toEqual([expect.objectContaining({ kept: expect.objectContaining({ cart }), read: false })]));
  });
});

describe('a tab that does not lead', () => {
  it('says what it shows when a leader asks, takes the stock it hears, and prices only in its own language', async () => {
    const tab = device();
    const leader = tab();
    const follower = tab();
    const sockets = fakeClients();
    const watches: WatchSet[] = [];
    cleanups.push(leader.on('live/watch', ({ watch }) => void watches.push(watch)));
    // The page's products mounted before the live updates loaded: said as soon as they start.
    cleanups.push(showProduct(4, [41]));
    const runtime = new LiveRuntime({ client: apollo().client, channel: sv }, { tab: follower, createClient: sockets.create });
    runtime.start();
    cleanups.push(() => runtime.stop());
    expect(runtime.leading).toBe(false);
    await vi.waitFor(() => expect(watches.at(-1)?.products).toEqual([{ productId: 4, skuIds: [41], summary: true }]));
    // And again to a new leader's hello, and with each change.
    watches.length = 0;
    leader.post({ kind: 'live/hello' });
    await vi.waitFor(() => expect(watches.at(-1)?.products).toEqual([{ productId: 4, skuIds: [41], summary: true }]));
    cleanups.push(showProduct(5, [51]));
    await vi.waitFor(() => expect(watches.at(-1)?.products).toHaveLength(2));
    expect(sockets.clients).toHaveLength(0);

    const price = { sellingPriceIncVat: 10 } as never;
    leader.post({ kind: 'live/news', asOf: 10, languageId: 'en', news: [{ productId: 4, unitPrice: price, skus: [{ skuId: 41, stock: stock(3), price }] }] });
    await vi.waitFor(() => expect(liveCatalog.skus.get(41)?.stock?.value.totalStock).toBe(3));
    expect(liveCatalog.skus.get(41)?.price).toBeUndefined();
    expect(liveCatalog.products.get(4)?.price).toBeUndefined();
    leader.post({ kind: 'live/news', asOf: 11, languageId: 'sv', news: [{ productId: 4, unitPrice: price, skus: [{ skuId: 41, stock: stock(3), price }] }] });
    await vi.waitFor(() => expect(liveCatalog.products.get(4)?.price?.value).toEqual(price));
    // Older than what it has: left out.
    leader.post({ kind: 'live/news', asOf: 9, languageId: null, news: [{ productId: 4, skus: [{ skuId: 41, stock: stock(8) }] }] });
    leader.post({ kind: 'live/news', asOf: 12, languageId: null, news: [{ productId: 4, skus: [{ skuId: 41, stock: stock(1) }] }] });
    await vi.waitFor(() => expect(liveCatalog.skus.get(41)?.stock?.value.totalStock).toBe(1));
  });
});
