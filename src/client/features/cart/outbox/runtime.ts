import type { ApolloCache, ApolloClient } from '@apollo/client';
import { createStore } from 'idb-keyval';
import { CART_SYNC_MESSAGE, CART_SYNC_TAG } from '../../../../shared/cart-sync';
import { CartDocument } from '../../../graphql/generated/documents/Cart';
import type { CartFieldsFragment } from '../../../graphql/generated/operations';
import { tabs, type TabCoordinator, type TabMessageOf } from '../../../lib/tabs';
import { notify } from '../../../lib/ui-state';
import { noteCartWarnings, tellCartWarnings } from '../cart-notices';
import { shownCart } from '../optimistic-cart';
import {
  cartAnswerContext,
  loadCartId,
  markSending,
  offerServerCart,
  offerTabAnswer,
  storeCartId,
  offerStoredCart,
  outboxLoaded,
  outboxState,
  outboxUnloaded,
  recheckCartCookie,
  showOutboxEntries,
  setServerCart,
  setSettledEntries,
  type CartIntent,
  type KeptCart,
  type LinePreview,
  type OutboxEntry,
  OUTBOX_DB,
} from '../cart-store';
import { CartOutbox } from './outbox';
import { apolloSender, type Channel } from './send';

type Cart = CartFieldsFragment;

// The cart UI lays waiting changes on the cart with these; they load with the outbox that holds the changes.
export { pendingCode, pendingSkus, shownCart } from '../optimistic-cart';

export interface OutboxTexts {
  /** A change the server refused for good, taken out of the outbox; `what` names the item or code. */
  refused(what: string): string;
  /** A change the server kept failing on, taken out after the last attempt. */
  gaveUp(what: string): string;
}

export interface OutboxContext {
  client: ApolloClient;
  channel: Channel;
  texts: OutboxTexts;
}

/** What became of one change, for the button that made it. */
export type ChangeOutcome =
  /**
   * `foreign`: replayed by a tab in the other language. The carts then hold the server's quantities on the lines
   * as this tab showed them (its language) and no warnings: those come with this tab's own cart fetch.
   */
  | { kind: 'applied'; cart: Cart; before: Cart | null; foreign?: boolean }
  | { kind: 'refused'; message: string }
  /**
   * Saved in the outbox; the server has not answered yet (offline, retrying, or slow). `before` and `after` are
   * the carts the shopper saw just before and just after making the change.
   */
  | { kind: 'queued'; before: Cart | null; after: Cart | null };

/** How long a button waits for the server before it settles for 'saved, sent later'. */
const ANSWER_WAIT_MS = 8000;
/** The exclusive section (lib/tabs) a tab replays the outbox in: any tab whose outbox runs, one at a time. */
export const OUTBOX_SECTION = 'retro-cart-outbox';

/**
 * What the tabs tell each other of the cart (lib/tabs). Each carries the waiting changes as the sender's
 * transaction left them, with their revision, so every tab shows the answer and the changes still waiting
 * together, never one without the other, and a list heard late (from another sender) never replaces a newer one.
 * An outcome names its `teller`, the one tab that tells the shopper (tellerOf).
 */
declare module '../../../lib/tabs' {
  interface TabTopics {
    'cart/changed': { entries: OutboxEntry[]; rev: number };
    'cart/sending': { key: string; at: number };
    'cart/applied': { entry: OutboxEntry; kept: KeptCart; before: Cart | null; entries: OutboxEntry[]; rev: number; teller: string };
    'cart/refused': { key: string; message: string; teller: string };
  }
}

/**
 * The one rule of who tells the shopper what became of a change when no button waits for it, decided once, by the
 * tab that replayed it, and carried in its message, so exactly one tab tells: the tab that made the change while it
 * is open (the shopper made it there); else the replaying tab (the maker closed or froze and said so, was not heard
 * from within the ttl, or is not known).
 */
export function tellerOf(entry: Pick<OutboxEntry, 'tab'>, replaying: Pick<TabCoordinator, 'tabId' | 'isOpen'>): string {
  return entry.tab !== undefined && replaying.isOpen(entry.tab) ? entry.tab : replaying.tabId;
}
type CartMessage = TabMessageOf<'cart/changed' | 'cart/applied' | 'cart/refused'>;

interface Waiter {
  resolve(outcome: ChangeOutcome): void;
  before: Cart | null;
  after: Cart | null;
}

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** One per tab: the outbox (replayed by whichever tab flushes, one at a time), its triggers, and what the tabs tell each other. */
class OutboxRuntime {
  readonly outbox: CartOutbox<KeptCart>;
  private readonly waiters = new Map<string, Waiter>();
  private readonly tabs: TabCoordinator = tabs();
  private readonly cleanups: (() => void)[] = [];
  /** Changes that left without a cart: once they are off the list shown, the cart is fetched again. */
  private readonly refetchWhenGone = new Set<string>();
  private fetching: Promise<void> | null = null;
  /** The last getCart answer this tab's own reads brought (readAgain). */
  private lastRead: KeptCart | null = null;
  private fetchAgain = false;
  private fetchFailed = false;
  private stopped = false;

  constructor(public context: OutboxContext) {
    const send = apolloSender(context.client, () => this.context.channel);
    this.outbox = new CartOutbox<KeptCart>({
      store: createStore(OUTBOX_DB.database, OUTBOX_DB.store),
      send: async (entry, cartId) => {
        const { languageId } = this.context.channel;
        const result = await send(entry, cartId);
        if (result.kind !== 'applied') return result;
        const at = Date.now();
        return { kind: 'applied', cart: { cart: result.cart, languageId, asOf: at, receivedAt: at } };
      },
      cartId: loadCartId,
      storeCartId,
      idOf: (kept) => kept.cart.id,
      tabId: this.tabs.tabId,
      exclusive: (replay) => this.tabs.exclusive(OUTBOX_SECTION, replay),
      isOnline: () => navigator.onLine,
      events: {
        applied: (entry, kept, stored, left, rev) => this.applied(entry, kept, stored, left, rev),
        refused: (entry) => this.refused(entry, this.context.texts.refused(this.describe(entry))),
        gaveUp: (entry) => this.refused(entry, this.context.texts.gaveUp(this.describe(entry))),
        retrying: (entry) => {
          this.settle(entry.key, 'queued');
          askForBackgroundSync();
        },
        changed: (entries, rev) => {
          this.showEntries(entries, rev);
          this.tabs.post({ kind: 'cart/changed', entries, rev });
        },
        sending: (key, at) => {
          markSending(key, at);
          this.tabs.post({ kind: 'cart/sending', key, at });
        },
      },
    });
  }

  async start(): Promise<void> {
    outboxState.online = navigator.onLine;
    this.listen(window, 'online', () => {
      outboxState.online = true;
      if (this.fetchFailed) void this.refetch();
      void this.outbox.flush(true);
    });
    this.listen(window, 'offline', () => {
      outboxState.online = false;
    });
    // A tab closed or reloaded before the server answered still tells the tag manager of the change, at once, from
    // the carts the shopper saw (the waiters' reports run before the page goes); the answer, should it still come
    // (a page kept in the back/forward cache), then finds no waiter and reports nothing, so it is told once.
    this.listen(window, 'pagehide', () => {
      for (const [key] of this.waiters) this.settle(key, 'queued');
    });
    // Shown again, also back from the back/forward cache: the cookie may name another cart by now (signed out or
    // in elsewhere while this tab was frozen), and other tabs may have changed the outbox.
    const shown = () => {
      recheckCartCookie();
      outboxState.online = navigator.onLine;
      if (this.fetchFailed) void this.refetch();
      void this.reload().then(() => this.outbox.flush(true));
    };
    this.listen(document, 'visibilitychange', () => {
      if (document.visibilityState === 'visible') shown();
    });
    this.listen(window, 'pageshow', (event) => {
      if ((event as PageTransitionEvent).persisted) shown();
    });
    if ('serviceWorker' in navigator) {
      this.listen(navigator.serviceWorker, 'message', (event) => {
        if ((event as MessageEvent).data?.type === CART_SYNC_MESSAGE) void this.outbox.flush(true);
      });
    }
    for (const kind of ['cart/changed', 'cart/applied', 'cart/refused'] as const) this.cleanups.push(this.tabs.on(kind, (message) => this.fromOtherTab(message)));
    this.cleanups.push(this.tabs.on('cart/sending', ({ key, at }) => markSending(key, at)));
    await this.reload();
    void this.outbox.flush(true);
  }

  stop(): void {
    this.stopped = true;
    this.outbox.dispose();
    outboxUnloaded();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    for (const [key] of this.waiters) this.settle(key, 'queued');
  }

  async queue(intent: CartIntent, preview: LinePreview | null): Promise<{ outcome: Promise<ChangeOutcome> }> {
    const before = this.shown();
    const entry = await this.outbox.enqueue(intent, preview);
    // enqueue has shown the change (its changed event runs before it resolves): this is the cart the shopper sees now.
    const after = this.shown();
    const outcome = new Promise<ChangeOutcome>((resolve) => this.waiters.set(entry.key, { resolve, before, after }));
    if (!navigator.onLine) {
      askForBackgroundSync();
      this.settle(entry.key, 'queued');
    } else {
      setTimeout(() => this.settle(entry.key, 'queued'), ANSWER_WAIT_MS);
      // Not forced: a change the server keeps failing on waits out its backoff however fast the shopper clicks,
      // rather than every click spending one of its attempts before it is given up.
      void this.outbox.flush(false);
    }
    return { outcome };
  }

  /** Keeps a getCart answer this tab took (offerServerCart) for an offline reload, unless a newer one is kept. */
  async remember(kept: KeptCart): Promise<void> {
    if (!kept.cart.id) return;
    await this.outbox.rememberCart(kept, (stored) => asKept(stored).asOf >= kept.asOf);
  }

  /**
   * The waiting changes and the last cart, as IndexedDB has them now (another tab may have changed them). The
   * stored cart goes through the same rule as a getCart answer (offerStoredCart); getCart answers that came
   * before the first reload are held until it has read the waiting changes, then offered.
   */
  async reload(): Promise<void> {
    try {
      const [{ entries, rev }, stored] = await Promise.all([this.outbox.snapshot(), this.outbox.lastCart()]);
      this.showEntries(entries, rev);
      if (stored) offerStoredCart(asKept(stored));
    } finally {
      // Without IndexedDB (private mode, storage refused) there is nothing waiting to check answers against.
      outboxLoaded();
    }
  }

  private showEntries(entries: OutboxEntry[], rev: number): void {
    if (showOutboxEntries(entries, rev)) this.refetchGone(entries);
  }

  private refetchGone(entries: OutboxEntry[]): void {
    if (this.refetchWhenGone.size === 0) return;
    const gone = [...this.refetchWhenGone].filter((key) => !entries.some((entry) => entry.key === key));
    for (const key of gone) this.refetchWhenGone.delete(key);
    if (gone.length > 0) void this.refetch();
  }

  /**
   * A change left without a cart (refused, given up): a getCart answer put off while it waited (offerServerCart)
   * is not offered again, so the cart is fetched once the change is off the list this tab shows, else the kept
   * cart would lack whatever that answer held (another device's changes) until the next change or reload.
   */
  private leftWithoutCart(key: string): void {
    this.refetchWhenGone.add(key);
    if (!outboxState.entries.some((entry) => entry.key === key)) this.refetchGone(outboxState.entries);
  }

  /** The cart this tab shows now: its kept cart with the changes that wait laid on. */
  private shown(): Cart | null {
    const { serverCart, entries, settled } = outboxState;
    const { languageId } = this.context.channel;
    const base = serverCart && serverCart.languageId === languageId ? serverCart : null;
    return shownCart(base, [...settled, ...entries], languageId);
  }

  private applied(entry: OutboxEntry, kept: KeptCart, stored: KeptCart | null, left: OutboxEntry[], rev: number): void {
    const { cart } = kept;
    // The cart as it was before this change, for the tag manager; a cart the change started had nothing. The
    // kept cart first: the cache may hold a getCart answer that already has this change (offerServerCart).
    const { cache } = this.context.client;
    const mine = outboxState.serverCart?.languageId === kept.languageId ? outboxState.serverCart : null;
    const last = mine?.cart.id === cart.id ? mine.cart : readCachedCart(cache, cart.id, this.context.channel);
    const before = last ?? (stored && asKept(stored).cart.id === cart.id ? asKept(stored).cart : null);
    this.showEntries(left, rev);
    setServerCart(kept);
    // The shopper may have switched language while the change was on its way: the answer's names and warnings
    // are in the language it was sent in, never to be written under the other one (that tab fetches its own).
    if (kept.languageId === this.context.channel.languageId) writeCart(cache, cart, this.context.channel);
    const teller = tellerOf(entry, this.tabs);
    this.tabs.post({ kind: 'cart/applied', entry, kept, before, entries: left, rev, teller });
    if (!this.settle(entry.key, { kind: 'applied', cart, before }) && teller === this.tabs.tabId) tellCartWarnings(cart.warnings);
  }

  private refused(entry: OutboxEntry, message: string): void {
    this.leftWithoutCart(entry.key);
    const teller = tellerOf(entry, this.tabs);
    this.tabs.post({ kind: 'cart/refused', key: entry.key, message, teller });
    if (!this.settle(entry.key, { kind: 'refused', message }) && teller === this.tabs.tabId) notify(message, 'error');
  }

  private fromOtherTab(message: CartMessage): void {
    if (message.kind === 'cart/changed') {
      // The tab that queued it replays it (or, should that tab go first, the next tab that flushes).
      this.showEntries(message.entries, message.rev);
      return;
    }
    if (message.kind === 'cart/refused') {
      this.leftWithoutCart(message.key);
      if (!this.settle(message.key, { kind: 'refused', message: message.message }) && message.teller === this.tabs.tabId) notify(message.message, 'error');
      return;
    }
    const { entry, kept, before } = message;
    const { channel } = this.context;
    if (kept.cart.id) storeCartId(kept.cart.id);
    if (kept.languageId === channel.languageId) {
      if (offerTabAnswer(kept)) writeCart(this.context.client.cache, kept.cart, channel);
    } else {
      // Names, prices and warnings are in the replaying tab's language: this tab asks for its own. Until that
      // answers, the change stays laid on the cart it shows, so it never drops out for the time a request takes.
      setSettledEntries([...outboxState.settled, { ...entry, settledAt: kept.receivedAt }]);
      void this.refetch();
    }
    this.showEntries(message.entries, message.rev);
    let heard: boolean;
    if (kept.languageId === channel.languageId) heard = this.settle(entry.key, { kind: 'applied', cart: kept.cart, before });
    else {
      heard = this.settle(entry.key, (waiter) => ({
        kind: 'applied',
        cart: inOwnLanguage(kept.cart, [waiter.after, waiter.before]),
        before: before && inOwnLanguage(before, [waiter.before, waiter.after]),
        foreign: true,
      }));
    }
    // The teller, and no button waits: told here (in the other language this tab's own getCart, asked for above,
    // tells the warnings).
    if (!heard && message.teller === this.tabs.tabId && kept.languageId === channel.languageId) tellCartWarnings(kept.cart.warnings);
  }

  /**
   * This tab's getCart from the server, offered like every getCart answer (with when it was fetched). Never joined
   * to a getCart already on its way (Apollo would hand back that one, fetched before the reason to ask again);
   * at most one on its way and one more asked for after it; one that failed is asked for again when the browser
   * is back online or the tab is shown again.
   */
  private refetch(): Promise<void> {
    if (this.fetching) {
      this.fetchAgain = true;
      return this.fetching;
    }
    this.fetching = (async () => {
      do {
        this.fetchAgain = false;
        const id = loadCartId();
        if (!id) break;
        try {
          await this.context.client.query({
            query: CartDocument,
            variables: { id, ...this.context.channel },
            fetchPolicy: 'network-only',
            context: {
              ...cartAnswerContext,
              onAnswer: (answer: Parameters<typeof cartAnswerContext.onAnswer>[0]) => {
                cartAnswerContext.onAnswer(answer);
                const cart = (answer.data as { getCart?: Cart | null } | null)?.getCart;
                if (cart) this.lastRead = { cart, languageId: String(answer.variables.languageId ?? ''), asOf: answer.startedAt, receivedAt: answer.receivedAt };
              },
              queryDeduplication: false,
            },
          });
          this.fetchFailed = false;
        } catch {
          this.fetchFailed = true;
        }
      } while (this.fetchAgain && !this.stopped);
    })().finally(() => {
      this.fetching = null;
    });
    return this.fetching;
  }

  /**
   * The cart read again from the server by this tab's one getCart path (its warnings told here, as a page load's
   * read tells them), for the live updates after a reconnect or a stock change under a line: the answer, kept or
   * not by the one rule, for the other tabs; null when none came (offline, no cart).
   */
  async readAgain(): Promise<KeptCart | null> {
    this.lastRead = null;
    await this.refetch();
    return this.lastRead;
  }

  /**
   * A cart the live updates brought (a cartChanged event, or the leading tab's getCart): offered by the one rule,
   * like any getCart answer, and written where the cart query is watched. Its warnings are told by the leading tab
   * (`tell`); the others show them under the lines only, so the shopper hears each once.
   */
  offerLive(kept: KeptCart, tell: boolean): void {
    const { channel, client } = this.context;
    if (!kept.cart.id || kept.cart.id !== loadCartId() || kept.languageId !== channel.languageId) return;
    if (offerServerCart(kept)) writeCart(client.cache, kept.cart, channel);
    if (tell) tellCartWarnings(kept.cart.warnings);
    else noteCartWarnings(kept.cart.warnings);
  }

  /** Hands the outcome to the button waiting for it; false when none waits (then the outbox tells the shopper). */
  private settle(key: string, outcome: ChangeOutcome | 'queued' | ((waiter: Waiter) => ChangeOutcome)): boolean {
    const waiter = this.waiters.get(key);
    if (!waiter) return false;
    this.waiters.delete(key);
    if (typeof outcome === 'function') waiter.resolve(outcome(waiter));
    else waiter.resolve(outcome === 'queued' ? { kind: 'queued', before: waiter.before, after: waiter.after } : outcome);
    return true;
  }

  private describe(entry: OutboxEntry): string {
    const { intent } = entry;
    if (intent.kind === 'promo' || intent.kind === 'giftCard') return intent.code;
    const line = outboxState.serverCart?.cart.items.find((l) => l.skuId === intent.skuId);
    return entry.preview?.product.name ?? line?.product.name ?? `#${intent.skuId}`;
  }

  private listen(target: EventTarget, type: string, handler: (event: Event) => void): void {
    target.addEventListener(type, handler);
    this.cleanups.push(() => target.removeEventListener(type, handler));
  }
}

/** A kept cart as stored, also one stored before carts were kept with their times (then it may hold anything sent). */
function asKept(stored: KeptCart | Cart): KeptCart {
  return 'receivedAt' in stored ? stored : { cart: stored, languageId: '', asOf: 0, receivedAt: Number.POSITIVE_INFINITY };
}

/**
 * Carts are not normalised (their texts and warnings are in one language), so a change's answer is written over
 * the getCart query the header and panel watch.
 */
function writeCart(cache: ApolloCache, cart: Cart, channel: Channel): void {
  cache.writeQuery({ query: CartDocument, variables: { id: cart.id, ...channel }, data: { __typename: 'Query', getCart: cart } });
}

/** The cart as this tab last saw it, or null when the cart query has not answered yet. */
export function readCachedCart(cache: ApolloCache, id: string, channel: Channel): Cart | null {
  if (!id) return null;
  return cache.readQuery({ query: CartDocument, variables: { id, ...channel } })?.getCart ?? null;
}

/**
 * Another language's cart told in this tab's: each line's quantity as the server answered, drawn as this tab
 * showed the line (names, prices in its language) where it did; no warnings (this tab's own fetch has them).
 */
function inOwnLanguage(cart: Cart, own: (Cart | null)[]): Cart {
  const lines = own.flatMap((shown) => shown?.items ?? []);
  return {
    ...cart,
    warnings: [],
    items: cart.items.map((line) => {
      const mine = lines.find((l) => l.skuId === line.skuId);
      return mine ? { ...mine, quantity: line.quantity } : line;
    }),
  };
}

/** Where the browser has Background Sync, the worker wakes the open pages to replay once a connection is back. */
function askForBackgroundSync(): void {
  if (!('serviceWorker' in navigator)) return;
  void navigator.serviceWorker.ready
    .then((registration) => (registration as ServiceWorkerRegistration & SyncRegistration).sync?.register(CART_SYNC_TAG))
    .catch(() => undefined);
}

let runtime: OutboxRuntime | null = null;
let starting: Promise<OutboxRuntime> | null = null;

/** Starts this tab's replayer once (later calls only update the client, language and texts). */
export function startCartOutbox(context: OutboxContext): Promise<OutboxRuntime> {
  if (runtime) runtime.context = context;
  starting ??= (async () => {
    const created = new OutboxRuntime(context);
    runtime = created;
    await created.start();
    return created;
  })();
  return starting;
}

/**
 * Queues a cart change: once the returned promise resolves the change is in IndexedDB (the UI may say it is in
 * the cart); the outcome follows when the server answers, or says 'queued' when it cannot answer now.
 */
export async function queueCartChange(context: OutboxContext, intent: CartIntent, preview: LinePreview | null = null): Promise<{ outcome: Promise<ChangeOutcome> }> {
  return (await startCartOutbox(context)).queue(intent, preview);
}

/** Keeps the cart the server last answered (getCart), so the cart still shows after an offline reload. */
export async function rememberServerCart(context: OutboxContext, kept: KeptCart): Promise<void> {
  await (await startCartOutbox(context)).remember(kept);
}

/** The live updates' way in (features/live): the cart read again by this tab's getCart path; null without a cart runtime or an answer. */
export async function readCartAgain(): Promise<KeptCart | null> {
  return starting ? (await starting).readAgain() : null;
}

/** The live updates' way in (features/live): a cart a socket event or the leading tab brought, offered by the one rule. */
export async function offerLiveCart(kept: KeptCart, tell: boolean): Promise<void> {
  if (starting) (await starting).offerLive(kept, tell);
}

/** Stops the replayer (tests start a fresh one per case). */
export function stopCartOutbox(): void {
  runtime?.stop();
  runtime = null;
  starting = null;
}
