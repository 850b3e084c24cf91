import type { ApolloClient } from '@apollo/client';
import { createClient } from 'graphql-ws';
import { subscribe as onStateChange } from 'valtio';
import { LiveCartText } from '../../graphql/generated/documents/LiveCart';
import { LiveCatalogDocument } from '../../graphql/generated/documents/LiveCatalog';
import { LivePricesText } from '../../graphql/generated/documents/LivePrices';
import { LiveStockText } from '../../graphql/generated/documents/LiveStock';
import type { LiveCartSubscription, LivePricesSubscription, LiveStockSubscription } from '../../graphql/generated/operations';
import { MAX_FOLLOWED_IDS } from '../../../shared/limits';
import { readToken } from '../../lib/auth-token';
import { tabs as thisTab, type TabCoordinator } from '../../lib/tabs';
import { onSessionChange, refreshToken } from '../account/parts';
import { cartState, offerLiveCart, outboxState, readCartAgain, type KeptCart } from '../cart';
import { onWatchedChange, takeNews, watchedProducts, type ProductNews } from './catalog-news';
import { addedProducts, emptyUnion, WatchHub, type Union, type WatchedProductOfTab, type WatchSet } from './hub';
import { LiveSocket, PING_INTERVAL_MS, retryDelay, type LiveClient, type Wanted } from './socket';

/**
 * Live stock, prices and cart, one socket per browser. Every tab says what it shows (`live/watch`); the leading tab
 * (lib/tabs) gathers the sets, holds the one socket with their union, and tells the others what it hears
 * (`live/news`, `live/cart`). Events write into the tabs' one state: stock and prices into lib/live-catalog.ts
 * (which the product page and cards read on top of their data), carts through the cart's one owner. After every
 * (re)connect the leader reads again over HTTP what it may have missed. Loaded after the first render.
 */

/** What the tabs say to each other of the live updates (lib/tabs). */
declare module '../../lib/tabs' {
  interface TabTopics {
    /** What the sender's page shows and its cart: the leader subscribes to the union of every open tab's set. */
    'live/watch': { watch: WatchSet };
    /** A tab took the lead: every other tab says what it shows. */
    'live/hello': object;
    /** Stock (and prices, in `languageId`'s texts; none when null) as the leader heard or read them at `asOf`. */
    'live/news': { news: ProductNews[]; asOf: number; languageId: string | null };
    /** A cart the leader's socket brought, or (`read`) its own getCart after a reconnect or a change under a line. */
    'live/cart': { kept: KeptCart; read: boolean };
  }
}

export interface LiveEnv {
  client: ApolloClient;
  channel: { channelId: string; languageId: string };
}

export interface LiveDeps {
  tab?: TabCoordinator;
  createClient?: (connectionParams: () => Promise<Record<string, unknown>>) => LiveClient;
  now?: () => number;
}

/**
 * How long after a (re)connect, or after subscribing to products newly shown, the leader reads them again: the server
 * registers a subscription a moment after the socket carried it, and a change made in that moment would otherwise
 * fall between the read and the subscription.
 */
export const CATCH_UP_DELAY_MS = 300;
/** What the page shows settles this long before the tab says so (a list's cards mount one by one). */
export const WATCH_DEBOUNCE_MS = 100;
/** Events that call for a read (prices changed, a summed stock, a cart line over the stock) are gathered this long. */
export const READ_DEBOUNCE_MS = 250;
/** Products per LiveCatalog read (the query's limit, within the server's cost bound). */
export const LIVE_READ_BATCH = 40;
/** The socket's idle close: a page change that unmounts every product a moment does not drop it. */
const LAZY_CLOSE_MS = 3000;

function socketUrl(): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/graphql`;
}

const browserClient = (connectionParams: () => Promise<Record<string, unknown>>): LiveClient =>
  createClient({ url: socketUrl, connectionParams, lazy: true, lazyCloseTimeout: LAZY_CLOSE_MS, retryAttempts: 0, keepAlive: PING_INTERVAL_MS });

function chunks(ids: readonly number[]): number[][] {
  const parts: number[][] = [];
  for (let at = 0; at < ids.length; at += MAX_FOLLOWED_IDS) parts.push(ids.slice(at, at + MAX_FOLLOWED_IDS));
  return parts;
}

/** This tab's part: it says what it shows, takes what the leader tells, and leads when lib/tabs says so. */
export class LiveRuntime {
  readonly tab: TabCoordinator;
  readonly now: () => number;
  private leader: Leader | null = null;
  private watchTimer: ReturnType<typeof setTimeout> | undefined;
  private lastWatch = '';
  private readonly cleanups: (() => void)[] = [];

  constructor(
    public env: LiveEnv,
    readonly deps: LiveDeps = {},
  ) {
    this.tab = deps.tab ?? thisTab();
    this.now = deps.now ?? Date.now;
  }

  start(): void {
    this.cleanups.push(
      onWatchedChange(() => this.watchChanged()),
      onStateChange(cartState, () => this.watchChanged()),
      onStateChange(outboxState, () => this.watchChanged()),
      this.tab.on('live/hello', () => {
        if (!this.leader) this.postWatch();
      }),
      this.tab.on('live/news', ({ news, asOf, languageId }) => {
        if (!this.leader) this.takeNews(news, asOf, languageId);
      }),
      this.tab.on('live/cart', ({ kept, read }) => {
        if (!this.leader) this.heardCart(kept, read, false);
      }),
      onSessionChange(() => this.leader?.socket.restart()),
    );
    if (typeof window !== 'undefined') {
      this.listen(window, 'online', () => this.leader?.socket.online());
      // Back from the back/forward cache or a freeze: the leader forgot this tab when it said it was gone.
      this.listen(window, 'pageshow', (event) => {
        if ((event as PageTransitionEvent).persisted) this.postWatch();
      });
      this.listen(document, 'resume', () => this.postWatch());
    }
    this.cleanups.push(this.tab.onLeadership((leading) => (leading ? this.lead() : this.follow())));
    // What the page showed before this loaded: the leader hears it now.
    if (!this.leader) this.postWatch();
  }

  stop(): void {
    clearTimeout(this.watchTimer);
    this.leader?.stop();
    this.leader = null;
    for (const cleanup of this.cleanups.splice(0)) cleanup();
  }

  get leading(): boolean {
    return this.leader !== null;
  }

  /** A new language or channel (the shopper switched): what the tab shows is said again in it. */
  setEnv(env: LiveEnv): void {
    this.env = env;
    this.watchChanged();
  }

  /** What this tab shows: the products of its page (their summed stock too), the SKUs of its cart, its cart. */
  watch(): WatchSet {
    const products = new Map<number, WatchedProductOfTab>();
    for (const { productId, skuIds } of watchedProducts()) products.set(productId, { productId, skuIds, summary: true });
    const kept = outboxState.serverCart;
    if (kept && kept.cart.id === cartState.id) {
      for (const line of kept.cart.items) {
        const product = products.get(line.product.productId) ?? { productId: line.product.productId, skuIds: [], summary: false };
        if (!product.skuIds.includes(line.skuId)) product.skuIds = [...product.skuIds, line.skuId];
        products.set(product.productId, product);
      }
    }
    return { ...this.env.channel, products: [...products.values()].sort((a, b) => a.productId - b.productId), cart: cartState.id };
  }

  private watchChanged(): void {
    clearTimeout(this.watchTimer);
    this.watchTimer = setTimeout(() => {
      const watch = this.watch();
      const said = JSON.stringify(watch);
      if (said === this.lastWatch) return;
      this.lastWatch = said;
      if (this.leader) this.leader.put(this.tab.tabId, watch);
      else this.tab.post({ kind: 'live/watch', watch });
    }, WATCH_DEBOUNCE_MS);
  }

  private postWatch(): void {
    const watch = this.watch();
    this.lastWatch = JSON.stringify(watch);
    this.tab.post({ kind: 'live/watch', watch });
  }

  /** Stock from anyone; prices only in this tab's language (their texts are formatted for it). */
  takeNews(news: readonly ProductNews[], asOf: number, languageId: string | null): void {
    const own = languageId === this.env.channel.languageId;
    takeNews(own ? news : news.map(({ productId, stock, skus }) => ({ productId, stock, skus: skus.map(({ skuId, stock: skuStock }) => ({ skuId, stock: skuStock })) })), asOf);
  }

  /**
   * A cart the leader brought: in this tab's language it is offered to the cart's owner (its warnings told by the
   * leader, shown here under the lines); another language's read makes this tab read its own (an event comes in
   * every language subscribed, so only a read asks).
   */
  heardCart(kept: KeptCart, read: boolean, tell: boolean): void {
    if (kept.languageId === this.env.channel.languageId) void offerLiveCart(kept, tell);
    else if (read && !tell) void readCartAgain();
  }

  private lead(): void {
    if (this.leader) return;
    this.leader = new Leader(this);
    this.leader.start(this.watch());
  }

  private follow(): void {
    if (!this.leader) return;
    this.leader.stop();
    this.leader = null;
    this.postWatch();
  }

  private listen(target: EventTarget, type: string, handler: (event: Event) => void): void {
    target.addEventListener(type, handler);
    this.cleanups.push(() => target.removeEventListener(type, handler));
  }
}

/** The leading tab's part: the open tabs' sets, the socket with their union, what it hears told to every tab. */
class Leader {
  readonly socket: LiveSocket;
  private readonly hub = new WatchHub();
  private union: Union = emptyUnion();
  private applyTimer: ReturnType<typeof setTimeout> | undefined;
  private catchUpTimer: ReturnType<typeof setTimeout> | undefined;
  private readTimer: ReturnType<typeof setTimeout> | undefined;
  private cartTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly toRead = new Set<number>();
  private readFailures = 0;
  private cartFailures = 0;
  private stopped = false;
  private readonly cleanups: (() => void)[] = [];

  constructor(private readonly runtime: LiveRuntime) {
    this.socket = new LiveSocket({
      createClient: runtime.deps.createClient ?? browserClient,
      token: readToken,
      refreshToken,
      onConnected: () => this.connected(),
    });
  }

  start(own: WatchSet): void {
    const { tab } = this.runtime;
    this.cleanups.push(
      tab.on('live/watch', ({ watch }, from) => this.put(from, watch)),
      tab.on('tabs/closed', (_message, from) => {
        this.hub.drop(from);
        this.applySoon();
      }),
    );
    this.hub.put(tab.tabId, own);
    tab.post({ kind: 'live/hello' });
    this.apply();
  }

  stop(): void {
    this.stopped = true;
    for (const timer of [this.applyTimer, this.catchUpTimer, this.readTimer, this.cartTimer]) clearTimeout(timer);
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    this.socket.stop();
  }

  put(tabId: string, watch: WatchSet): void {
    this.hub.put(tabId, watch);
    this.applySoon();
  }

  /** The answers to a hello come together: one subscription change for them all. */
  private applySoon(): void {
    clearTimeout(this.applyTimer);
    this.applyTimer = setTimeout(() => this.apply(), 0);
  }

  private apply(): void {
    clearTimeout(this.applyTimer);
    const next = this.hub.union();
    const added = addedProducts(this.union, next);
    this.union = next;
    this.socket.set(this.wanted(next));
    // Shown since the last (re)connect's read: read once, after their subscription has had its moment.
    if (this.socket.connected && added.length > 0) this.readSoon(added, CATCH_UP_DELAY_MS);
  }

  private wanted(union: Union): Wanted[] {
    const wanted: Wanted[] = [];
    // A subscription follows at most MAX_FOLLOWED_IDS ids (the server refuses more): long lists in several tabs take several.
    chunks(union.skuIds).forEach((skuIds, n) => {
      wanted.push({ key: `stock:${n}`, query: LiveStockText, variables: { skuIds }, next: (data) => this.stockChanged(data as LiveStockSubscription) });
    });
    chunks(union.productIds).forEach((productIds, n) => {
      wanted.push({ key: `prices:${n}`, query: LivePricesText, variables: { productIds }, next: (data) => this.pricesChanged(data as LivePricesSubscription) });
    });
    for (const cart of union.carts) {
      wanted.push({
        key: `cart:${cart.id}|${cart.channelId}|${cart.languageId}`,
        query: LiveCartText,
        variables: cart,
        next: (data) => this.cartChanged((data as LiveCartSubscription).cartChanged, cart.languageId),
      });
    }
    return wanted;
  }

  /** Each (re)connect: what may have changed while no subscription listened is read again. */
  private connected(): void {
    clearTimeout(this.catchUpTimer);
    this.catchUpTimer = setTimeout(() => {
      this.readSoon(this.union.productIds, 0);
      this.readCartSoon(0);
    }, CATCH_UP_DELAY_MS);
  }

  private stockChanged({ stockChanged: { skuId, productId, stock } }: LiveStockSubscription): void {
    const asOf = this.runtime.now();
    const news: ProductNews[] = [{ productId, skus: [{ skuId, stock }] }];
    this.runtime.takeNews(news, asOf, null);
    this.runtime.tab.post({ kind: 'live/news', news, asOf, languageId: null });
    // The sum over several SKUs is the server's to tell.
    if (this.union.summed.has(productId)) this.readSoon([productId], READ_DEBOUNCE_MS);
    // A line over what is left: the cart's read corrects it and says so ('Endast 2 kvar på lager').
    const line = outboxState.serverCart?.cart.items.find((item) => item.skuId === skuId);
    if (line && !stock.oversellable && !stock.static && line.quantity > stock.totalStock) this.readCartSoon(READ_DEBOUNCE_MS);
  }

  private pricesChanged({ pricesChanged: { productIds } }: LivePricesSubscription): void {
    const changed = new Set(productIds);
    this.readSoon(
      this.union.productIds.filter((productId) => changed.has(productId)),
      READ_DEBOUNCE_MS,
    );
    if (outboxState.serverCart?.cart.items.some((item) => changed.has(item.product.productId))) this.readCartSoon(READ_DEBOUNCE_MS);
  }

  private cartChanged(cart: LiveCartSubscription['cartChanged'], languageId: string): void {
    const at = this.runtime.now();
    // Arrived now, from a read the server made after the change committed: like a change's own answer, it may hold
    // any change sent before now, and a getCart started before now may lack it (cart-store.ts's rule).
    const kept: KeptCart = { cart, languageId, asOf: at, receivedAt: at };
    this.runtime.heardCart(kept, false, true);
    this.runtime.tab.post({ kind: 'live/cart', kept, read: false });
  }

  private readSoon(productIds: readonly number[], delay: number): void {
    if (productIds.length === 0) return;
    for (const productId of productIds) this.toRead.add(productId);
    clearTimeout(this.readTimer);
    this.readTimer = setTimeout(() => void this.read(), delay);
  }

  /** The products' stock and prices over HTTP, in each language they are shown in, for every tab. */
  private async read(): Promise<void> {
    const wanted = new Set(this.toRead);
    this.toRead.clear();
    const failed: number[] = [];
    for (const channel of this.union.channels) {
      const ids = channel.productIds.filter((productId) => wanted.has(productId));
      for (let at = 0; at < ids.length; at += LIVE_READ_BATCH) {
        const batch = ids.slice(at, at + LIVE_READ_BATCH);
        const asOf = this.runtime.now();
        const answer = await this.runtime.env.client
          .query({ query: LiveCatalogDocument, variables: { productIds: batch, channelId: channel.channelId, languageId: channel.languageId }, fetchPolicy: 'no-cache' })
          .catch(() => null);
        if (this.stopped) return;
        if (!answer?.data) {
          failed.push(...batch);
          continue;
        }
        const news: ProductNews[] = answer.data.products.products.map((product) => ({
          productId: product.productId,
          stock: product.stock,
          unitPrice: product.unitPrice,
          skus: product.skus.map((sku) => ({ skuId: sku.skuId, stock: sku.stock, price: sku.price })),
        }));
        this.runtime.takeNews(news, asOf, channel.languageId);
        this.runtime.tab.post({ kind: 'live/news', news, asOf, languageId: channel.languageId });
      }
    }
    // A read that failed (a flaky network) is tried again with the socket's backoff: the change it would catch up on
    // is otherwise lost until the next one.
    if (failed.length > 0) this.readSoon(failed, retryDelay(this.readFailures++));
    else this.readFailures = 0;
  }

  private readCartSoon(delay: number): void {
    clearTimeout(this.cartTimer);
    this.cartTimer = setTimeout(() => void this.readCart(), delay);
  }

  /** The cart by this tab's getCart path (its warnings told here), then offered to the other tabs. */
  private async readCart(): Promise<void> {
    if (!cartState.id) return;
    const kept = await readCartAgain();
    if (this.stopped) return;
    if (!kept) {
      this.readCartSoon(retryDelay(this.cartFailures++));
      return;
    }
    this.cartFailures = 0;
    this.runtime.tab.post({ kind: 'live/cart', kept, read: true });
  }
}

let runtime: LiveRuntime | null = null;

/** Starts this tab's live updates once; later calls bring a new language or client. */
export function startLive(env: LiveEnv): LiveRuntime {
  if (runtime) {
    runtime.setEnv(env);
    return runtime;
  }
  runtime = new LiveRuntime(env);
  runtime.start();
  return runtime;
}

/** Tests start each case afresh. */
export function stopLive(): void {
  runtime?.stop();
  runtime = null;
}
