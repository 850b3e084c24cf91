import { get, promisifyRequest, type UseStore } from 'idb-keyval';
import type { CartIntent, LinePreview, OutboxEntry } from '../cart-store';
import { newIdempotencyKey } from '../../../lib/random-key';
import { LEADER_FALLBACK_MS } from '../../../lib/tabs';

/** Backoff after a failed attempt: 1 s, 2 s, 4 s … capped at a minute. */
export const BACKOFF_BASE_MS = 1000;
export const BACKOFF_CAP_MS = 60_000;
/**
 * A change the server answered with an error this many times in a row (5xx, 429, an unexpected error) is taken
 * out of the outbox and the shopper is told: the server keeps failing on it, so retrying for ever would only
 * hold back the changes behind it. Network failures never count: the change is still wanted, the server just
 * cannot be reached, so it waits (shown as waiting) however long the shopper is offline.
 */
export const MAX_SERVER_FAILURES = 8;

const ENTRIES = 'entries';
const SERVER_CART = 'serverCart';
/** Counts every change to the list, in the same transaction, so a tab can tell which of two lists it heard is newer. */
const REV = 'rev';

export type SendResult<C> =
  | { kind: 'applied'; cart: C }
  /** Refused for good (bad input, unknown SKU, …): never sent again. */
  | { kind: 'refused'; reason: string }
  /** Try again later; `server` when the server answered (counts towards giving up), not when it was unreachable. */
  | { kind: 'retry'; server: boolean };

export interface OutboxEvents<C> {
  /**
   * The server applied the change and answered this cart; `before` is the last cart it answered until then,
   * `left` the changes still waiting (and `rev` their revision), taken out in the same transaction.
   */
  applied?(entry: OutboxEntry, cart: C, before: C | null, left: OutboxEntry[], rev: number): void;
  refused?(entry: OutboxEntry, reason: string): void;
  gaveUp?(entry: OutboxEntry): void;
  retrying?(entry: OutboxEntry, delayMs: number): void;
  /** The waiting changes after this tab changed them, with the list's revision (called in the same task as applied/refused). */
  changed?(entries: OutboxEntry[], rev: number): void;
  /**
   * The change is about to be sent for the first time, from `at` on (the time IndexedDB is given). Called in the
   * same task as that time is taken, before IndexedDB has it: a getCart answer that arrives meanwhile must already
   * count as one that may hold the change (see mayHold).
   */
  sending?(key: string, at: number): void;
}

export interface OutboxOptions<C> {
  store: UseStore;
  /** Sends one change against the cart id given ('' when the shopper has no cart yet). */
  send(entry: OutboxEntry, cartId: string): Promise<SendResult<C>>;
  /**
   * The cart id to send with, read afresh at each send from its one source (the cart cookie every tab shares), so a
   * change never goes to a cart this tab knew before a sign-out or a sign-in elsewhere.
   */
  cartId(): string;
  storeCartId(id: string): void;
  idOf(cart: C): string;
  /** The tab that queues, noted on each change it queues (the tab that tells of its outcome). */
  tabId?: string;
  /**
   * Runs one replay while no other tab replays (lib/tabs' exclusive section); `held()` is asked before each send,
   * so a tab that stalled past its lease and was taken over stops rather than replaying beside the other. Runs at
   * once when not given.
   */
  exclusive?: (replay: (held: () => boolean) => Promise<void>) => Promise<void>;
  now?: () => number;
  isOnline?: () => boolean;
  events?: OutboxEvents<C>;
}

export function backoffMs(tries: number): number {
  return Math.min(BACKOFF_CAP_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, tries - 1));
}

/**
 * The durable cart outbox: changes kept in IndexedDB in the order they were made, replayed one at a time by any tab
 * whose outbox runs, one tab at a time (each replay in an exclusive section), each change with the idempotency key
 * it was given when queued. Each replay reads the first change from IndexedDB before sending it, so a tab that
 * replays after another never resends what that one settled; a change leaves the outbox only in the same IndexedDB
 * transaction that stores the server's answer, so a tab closed at any moment resends at most the one change in
 * flight, with its key, and the server applies it once.
 */
export class CartOutbox<C> {
  private running: Promise<void> | null = null;
  private again = false;
  private againForce = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private timerAt = 0;
  private disposed = false;
  private readonly now: () => number;
  private readonly exclusive: (replay: (held: () => boolean) => Promise<void>) => Promise<void>;

  constructor(private readonly options: OutboxOptions<C>) {
    this.now = options.now ?? Date.now;
    this.exclusive = options.exclusive ?? ((replay) => replay(() => true));
  }

  async entries(): Promise<OutboxEntry[]> {
    return (await get<OutboxEntry[]>(ENTRIES, this.options.store)) ?? [];
  }

  /** The waiting changes with their revision, read together. */
  snapshot(): Promise<{ entries: OutboxEntry[]; rev: number }> {
    return this.options.store('readonly', (store) => {
      const list = store.get(ENTRIES);
      const rev = store.get(REV);
      return promisifyRequest(store.transaction).then(() => ({ entries: (list.result as OutboxEntry[] | undefined) ?? [], rev: (rev.result as number | undefined) ?? 0 }));
    });
  }

  /** The last cart the server answered on this device, for rendering the cart offline. */
  async lastCart(): Promise<C | null> {
    return (await get<C>(SERVER_CART, this.options.store)) ?? null;
  }

  /** Stores a cart the server answered unless `newer` says the one stored is newer. */
  rememberCart(cart: C, newer: (stored: C) => boolean = () => false): Promise<void> {
    return this.options.store('readwrite', (store) => {
      const request = store.get(SERVER_CART);
      request.onsuccess = () => {
        const stored = request.result as C | undefined;
        if (stored === undefined || !newer(stored)) store.put(cart, SERVER_CART);
      };
      return promisifyRequest(store.transaction).then(() => undefined);
    });
  }

  /** Writes the change to IndexedDB; once this resolves it survives reloads and the app being closed. */
  async enqueue(intent: CartIntent, preview: LinePreview | null = null): Promise<OutboxEntry> {
    const entry: OutboxEntry = { key: newIdempotencyKey(), seq: 0, intent, preview, queuedAt: this.now(), tries: 0, serverFailures: 0, nextAttemptAt: 0 };
    if (this.options.tabId) entry.tab = this.options.tabId;
    const { list: entries, rev } = await this.modify((list) => {
      entry.seq = (list.at(-1)?.seq ?? 0) + 1;
      return [...list, entry];
    });
    this.options.events?.changed?.(entries, rev);
    return entry;
  }

  /**
   * Replays what waits, also the changes other tabs queued (they reach it through IndexedDB), once no other tab
   * replays. `force` retries the first change now even while its backoff runs (start, back online, the tab shown
   * again); the timer that ends a backoff does not force.
   */
  flush(force = false): Promise<void> {
    if (this.disposed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      this.againForce ||= force;
      return this.running;
    }
    this.running = (async () => {
      let forced = force;
      do {
        this.again = false;
        this.againForce = false;
        await this.exclusive((held) => this.drain(forced, held));
        forced = this.againForce;
      } while (this.again && !this.disposed);
    })().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  dispose(): void {
    this.disposed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private async drain(force: boolean, held: () => boolean): Promise<void> {
    const { isOnline } = this.options;
    // Once disposed (its tab's runtime stopped) the send in flight still settles in IndexedDB, but it tells no one.
    const events = () => (this.disposed ? undefined : this.options.events);
    for (let first = true; !this.disposed; first = false) {
      if (isOnline && !isOnline()) return;
      const [head] = await this.entries();
      if (!head) return;
      const wait = head.nextAttemptAt - this.now();
      if (wait > 0 && !(force && first)) {
        this.schedule(wait);
        return;
      }
      // Without Web Locks a tab that stalled may have been taken over meanwhile: it stops before sending rather
      // than replaying beside the other, and looks again once the other's lease would have run out.
      if (!held()) {
        this.schedule(LEADER_FALLBACK_MS);
        return;
      }
      // Before the first send, so every tab knows from when on the server may hold the change (see mayHold).
      // Another tab that took over meanwhile may have sent it first: the earliest time stays, taken from the list as
      // stored, never a later one of this tab's.
      let sending = head;
      if (head.sentAt === undefined) {
        const now = this.now();
        events()?.sending?.(head.key, now);
        const { list, rev } = await this.modify((list) => list.map((e) => (e.key === head.key ? { ...e, sentAt: e.sentAt ?? now } : e)));
        sending = list.find((e) => e.key === head.key) ?? { ...head, sentAt: now };
        events()?.changed?.(list, rev);
      }
      const before = await this.lastCart();
      const cartId = this.options.cartId();
      let result: SendResult<C>;
      try {
        result = await this.options.send(sending, cartId);
      } catch {
        result = { kind: 'retry', server: false };
      }
      if (result.kind === 'applied') {
        const { cart } = result;
        const { left, found, rev } = await this.remove(head, cart);
        // Another tab that took over already settled this change: its answer is the one kept.
        if (!found) continue;
        const id = this.options.idOf(cart);
        if (id) this.options.storeCartId(id);
        events()?.applied?.(sending, cart, before, left, rev);
        events()?.changed?.(left, rev);
        continue;
      }
      if (result.kind === 'refused') {
        const { left, found, rev } = await this.remove(head);
        if (!found) continue;
        events()?.refused?.(head, result.reason);
        events()?.changed?.(left, rev);
        continue;
      }
      const tries = head.tries + 1;
      // Only failures in a row count: a network failure between two server failures starts the count again.
      const serverFailures = result.server ? head.serverFailures + 1 : 0;
      if (serverFailures >= MAX_SERVER_FAILURES) {
        const { left, found, rev } = await this.remove(head);
        if (!found) continue;
        events()?.gaveUp?.(head);
        events()?.changed?.(left, rev);
        continue;
      }
      const delay = backoffMs(tries);
      let updated: OutboxEntry = { ...sending, tries, serverFailures, nextAttemptAt: this.now() + delay };
      const { list: left, rev } = await this.modify((list) =>
        list.map((e) => (e.key === head.key ? (updated = { ...e, tries, serverFailures, nextAttemptAt: updated.nextAttemptAt, sentAt: e.sentAt ?? sending.sentAt }) : e)),
      );
      events()?.retrying?.(updated, delay);
      events()?.changed?.(left, rev);
      this.schedule(delay);
      return;
    }
  }

  private schedule(ms: number): void {
    if (this.disposed) return;
    const at = this.now() + ms;
    if (this.timer && this.timerAt <= at) return;
    if (this.timer) clearTimeout(this.timer);
    this.timerAt = at;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush(false);
    }, ms);
  }

  /** Read, change and write the list in one IndexedDB transaction, so tabs never lose each other's changes. */
  private modify(change: (entries: OutboxEntry[]) => OutboxEntry[]): Promise<{ list: OutboxEntry[]; rev: number }> {
    return this.options.store('readwrite', (store) => {
      let next: OutboxEntry[] = [];
      let rev = 0;
      const request = store.get(ENTRIES);
      request.onsuccess = () => {
        next = change((request.result as OutboxEntry[] | undefined) ?? []);
        store.put(next, ENTRIES);
        bumpRev(store, (value) => (rev = value));
      };
      return promisifyRequest(store.transaction).then(() => ({ list: next, rev }));
    });
  }

  /**
   * Takes a settled change out, with the server's answer in the same transaction; `found` is
   * false (and nothing is written) when the change was already gone, settled by a tab that took over.
   */
  private remove(entry: OutboxEntry, cart?: C): Promise<{ left: OutboxEntry[]; found: boolean; rev: number }> {
    return this.options.store('readwrite', (store) => {
      let left: OutboxEntry[] = [];
      let found = false;
      let rev = 0;
      const request = store.get(ENTRIES);
      request.onsuccess = () => {
        const list = (request.result as OutboxEntry[] | undefined) ?? [];
        left = list.filter((e) => e.key !== entry.key);
        found = left.length < list.length;
        if (!found) return;
        store.put(left, ENTRIES);
        bumpRev(store, (value) => (rev = value));
        if (cart !== undefined) store.put(cart, SERVER_CART);
      };
      return promisifyRequest(store.transaction).then(() => ({ left, found, rev }));
    });
  }

}

/** Raises the list's revision inside the caller's transaction and hands the new one back. */
function bumpRev(store: IDBObjectStore, done: (rev: number) => void): void {
  const request = store.get(REV);
  request.onsuccess = () => {
    const rev = ((request.result as number | undefined) ?? 0) + 1;
    store.put(rev, REV);
    done(rev);
  };
}
