import type { ApolloClient } from '@apollo/client';
import { createStore } from 'idb-keyval';
import { CART_SYNC_MESSAGE, CART_SYNC_TAG } from '../../../../shared/cart-sync';
import type { CartFieldsFragment } from '../../../graphql/generated/operations';
import { notify } from '../../../lib/ui-state';
import { cartState, loadCartId, storeCartId } from '../cart-id';
import { outboxState, setOutboxEntries, setServerCart, type CartIntent, type LinePreview, type OutboxEntry } from '../outbox-state';
import { readCachedCart, writeCart } from '../write-cart';
import { CartOutbox } from './outbox';
import { apolloSender, type Channel } from './send';

type Cart = CartFieldsFragment;

// The cart UI lays waiting changes on the cart with these; they load with the outbox that holds the changes.
export { optimisticCart, pendingCode, pendingSkus } from '../optimistic-cart';

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
  | { kind: 'applied'; cart: Cart; before: Cart | null }
  | { kind: 'refused'; message: string }
  /** Saved in the outbox; the server has not answered yet (offline, retrying, or slow). */
  | { kind: 'queued' };

/** How long a button waits for the server before it settles for 'saved, sent later'. */
const ANSWER_WAIT_MS = 8000;
const CHANNEL_NAME = 'retro-cart-outbox';

type TabMessage =
  | { type: 'changed' }
  | { type: 'applied'; key: string; cart: Cart; before: Cart | null; languageId: string }
  | { type: 'refused'; key: string; message: string };

interface SyncRegistration {
  sync?: { register(tag: string): Promise<void> };
}

/** One replayer per tab: the outbox, its triggers, and the tabs' channel. */
class OutboxRuntime {
  readonly outbox: CartOutbox<Cart>;
  private readonly waiters = new Map<string, (outcome: ChangeOutcome) => void>();
  private readonly tabs: BroadcastChannel | null = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  private readonly cleanups: (() => void)[] = [];
  /** Bumped by every synchronous update, so a slower read from IndexedDB never overwrites a newer state. */
  private version = 0;

  constructor(public context: OutboxContext) {
    this.outbox = new CartOutbox<Cart>({
      store: createStore('retro-cart', 'outbox'),
      send: apolloSender(context.client, () => this.context.channel),
      cartId: () => cartState.id || loadCartId(),
      storeCartId,
      idOf: (cart) => cart.id,
      locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
      isOnline: () => navigator.onLine,
      events: {
        applied: (entry, cart, before) => this.applied(entry, cart, before),
        refused: (entry) => this.refused(entry, this.context.texts.refused(this.describe(entry))),
        gaveUp: (entry) => this.refused(entry, this.context.texts.gaveUp(this.describe(entry))),
        retrying: (entry) => {
          this.settle(entry.key, { kind: 'queued' });
          askForBackgroundSync();
        },
        changed: (entries) => {
          this.version++;
          setOutboxEntries(entries);
          this.post({ type: 'changed' });
        },
      },
    });
  }

  async start(): Promise<void> {
    outboxState.online = navigator.onLine;
    this.listen(window, 'online', () => {
      outboxState.online = true;
      void this.outbox.flush(true);
    });
    this.listen(window, 'offline', () => {
      outboxState.online = false;
    });
    this.listen(document, 'visibilitychange', () => {
      if (document.visibilityState !== 'visible') return;
      outboxState.online = navigator.onLine;
      void this.reload().then(() => this.outbox.flush(true));
    });
    if ('serviceWorker' in navigator) {
      this.listen(navigator.serviceWorker, 'message', (event) => {
        if ((event as MessageEvent).data?.type === CART_SYNC_MESSAGE) void this.outbox.flush(true);
      });
    }
    if (this.tabs) {
      const onMessage = (event: MessageEvent<TabMessage>) => this.fromOtherTab(event.data);
      this.tabs.addEventListener('message', onMessage);
      this.cleanups.push(() => this.tabs?.close());
    }
    await this.reload();
    void this.outbox.flush(true);
  }

  stop(): void {
    this.outbox.dispose();
    for (const cleanup of this.cleanups.splice(0)) cleanup();
    for (const [key] of this.waiters) this.settle(key, { kind: 'queued' });
  }

  async queue(intent: CartIntent, preview: LinePreview | null): Promise<{ outcome: Promise<ChangeOutcome> }> {
    const entry = await this.outbox.enqueue(intent, preview);
    const outcome = new Promise<ChangeOutcome>((resolve) => this.waiters.set(entry.key, resolve));
    if (!navigator.onLine) {
      askForBackgroundSync();
      this.settle(entry.key, { kind: 'queued' });
    } else {
      setTimeout(() => this.settle(entry.key, { kind: 'queued' }), ANSWER_WAIT_MS);
      // Not forced: a change the server keeps failing on waits out its backoff however fast the shopper clicks,
      // rather than every click spending one of its attempts before it is given up.
      void this.outbox.flush(false);
    }
    return { outcome };
  }

  async remember(cart: Cart): Promise<void> {
    if (!cart.id) return;
    setServerCart(cart);
    await this.outbox.rememberCart(cart);
  }

  /** The waiting changes and the last cart, as IndexedDB has them now (another tab may have changed them). */
  async reload(): Promise<void> {
    const version = this.version;
    const [entries, cart] = await Promise.all([this.outbox.entries(), this.outbox.lastCart()]);
    if (version !== this.version) return;
    setOutboxEntries(entries);
    if (cart && !outboxState.serverCart) setServerCart(cart);
  }

  private applied(entry: OutboxEntry, cart: Cart, stored: Cart | null): void {
    const { cache } = this.context.client;
    // The cart as it was before this change, for the tag manager; a cart the change started had nothing.
    const before = readCachedCart(cache, cart.id, this.context.channel) ?? (stored?.id === cart.id ? stored : null);
    this.version++;
    setServerCart(cart);
    writeCart(cache, cart, this.context.channel);
    this.post({ type: 'applied', key: entry.key, cart, before, languageId: this.context.channel.languageId });
    if (!this.settle(entry.key, { kind: 'applied', cart, before })) notifyWarnings(cart);
  }

  private refused(entry: OutboxEntry, message: string): void {
    this.post({ type: 'refused', key: entry.key, message });
    if (!this.settle(entry.key, { kind: 'refused', message })) notify(message, 'error');
  }

  private fromOtherTab(message: TabMessage): void {
    if (message.type === 'applied') {
      if (message.cart.id) storeCartId(message.cart.id);
      if (message.languageId === this.context.channel.languageId) {
        setServerCart(message.cart);
        writeCart(this.context.client.cache, message.cart, this.context.channel);
      }
      this.settle(message.key, { kind: 'applied', cart: message.cart, before: message.before });
    } else if (message.type === 'refused') {
      this.settle(message.key, { kind: 'refused', message: message.message });
    }
    void this.reload();
  }

  /** Hands the outcome to the button waiting for it; false when none waits (then the outbox tells the shopper). */
  private settle(key: string, outcome: ChangeOutcome): boolean {
    const resolve = this.waiters.get(key);
    if (!resolve) return false;
    this.waiters.delete(key);
    resolve(outcome);
    return true;
  }

  private describe(entry: OutboxEntry): string {
    const { intent } = entry;
    if (intent.kind === 'promo' || intent.kind === 'giftCard') return intent.code;
    const line = outboxState.serverCart?.items.find((l) => l.skuId === intent.skuId);
    return entry.preview?.product.name ?? line?.product.name ?? `#${intent.skuId}`;
  }

  private post(message: TabMessage): void {
    try {
      this.tabs?.postMessage(message);
    } catch {
      // A cart that cannot be cloned never stops the replay; the other tabs reload on their next trigger.
    }
  }

  private listen(target: EventTarget, type: string, handler: (event: Event) => void): void {
    target.addEventListener(type, handler);
    this.cleanups.push(() => target.removeEventListener(type, handler));
  }
}

/** Each warning of a replayed answer, in one message, since the snackbar shows one at a time. */
function notifyWarnings(cart: Cart): void {
  const texts = [...new Set(cart.warnings.map((w) => w.message))];
  if (texts.length > 0) notify(texts.join(' '), 'info');
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
export async function rememberServerCart(context: OutboxContext, cart: Cart): Promise<void> {
  await (await startCartOutbox(context)).remember(cart);
}

/** Stops the replayer (tests start a fresh one per case). */
export function stopCartOutbox(): void {
  runtime?.stop();
  runtime = null;
  starting = null;
}
