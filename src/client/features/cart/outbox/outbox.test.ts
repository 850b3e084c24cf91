import 'fake-indexeddb/auto';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTabCoordinator, LEADER_FALLBACK_MS, SECTION_LEASE_PREFIX, type TabCoordinator, type TabCoordinatorOptions } from '../../../lib/tabs';
import type { CartIntent, OutboxEntry } from '../cart-store';
import { BACKOFF_CAP_MS, CartOutbox, MAX_SERVER_FAILURES, backoffMs, type OutboxOptions, type SendResult } from './outbox';

interface FakeCart {
  id: string;
  lines: Record<number, number>;
  promoCode: string | null;
}

type Mode = 'network' | 'server' | 'refuse' | 'lost';

/**
 * The server's cart rules in small: an id that names no cart starts a new one under an id of the server's
 * making; a key already seen within the cart changes nothing. `failures` makes the next sends fail: unreachable
 * (network), 5xx (server), refused for good, or applied with the answer lost on the way back (lost).
 */
function fakeServer() {
  const carts = new Map<string, FakeCart & { keys: Set<string> }>();
  const calls: { key: string; cartId: string; intent: CartIntent }[] = [];
  const failures: Mode[] = [];
  let made = 0;
  let gate: Promise<void> | null = null;
  const send = async (entry: OutboxEntry, cartId: string): Promise<SendResult<FakeCart>> => {
    calls.push({ key: entry.key, cartId, intent: entry.intent });
    if (gate) await gate;
    const mode = failures.shift();
    if (mode === 'network') throw new TypeError('Failed to fetch');
    if (mode === 'server') return { kind: 'retry', server: true };
    if (mode === 'refuse') return { kind: 'refused', reason: 'There is no SKU with id 404' };
    let cart = carts.get(cartId);
    if (!cart) {
      cart = { id: `cart-${++made}`, lines: {}, promoCode: null, keys: new Set() };
      carts.set(cart.id, cart);
    }
    if (!cart.keys.has(entry.key)) {
      cart.keys.add(entry.key);
      const { intent } = entry;
      if (intent.kind === 'add') cart.lines[intent.skuId] = (cart.lines[intent.skuId] ?? 0) + intent.quantity;
      if (intent.kind === 'set') {
        if (intent.quantity === 0) delete cart.lines[intent.skuId];
        else cart.lines[intent.skuId] = intent.quantity;
      }
      if (intent.kind === 'promo') cart.promoCode = intent.code || null;
    }
    if (mode === 'lost') throw new TypeError('Failed to fetch');
    return { kind: 'applied', cart: { id: cart.id, lines: { ...cart.lines }, promoCode: cart.promoCode } };
  };
  return {
    send,
    calls,
    failures,
    carts,
    /** Holds every send until the returned function is called, so two tabs overlap. */
    hold(): () => void {
      let open = () => {};
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => {
        gate = null;
        open();
      };
    },
  };
}

/** Exclusive Web Locks shared by the tabs of one test, one queue per name, as the browser's are by the tabs of one origin. */
function fakeLocks(): Pick<LockManager, 'request'> {
  const tails = new Map<string, Promise<unknown>>();
  const request = (name: string, ...args: [() => Promise<unknown>] | [{ signal?: AbortSignal }, () => Promise<unknown>]) => {
    const [options, callback] = args.length === 1 ? [{}, args[0]] : args;
    const run = (tails.get(name) ?? Promise.resolve()).then(() => {
      if (options.signal?.aborted) throw new DOMException('withdrawn', 'AbortError');
      return callback();
    });
    tails.set(name, run.catch(() => undefined));
    return run;
  };
  return { request } as unknown as Pick<LockManager, 'request'>;
}

/** localStorage as the tabs of one origin share it. */
function fakeStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), removeItem: (k: string) => void map.delete(k) };
}

const coordinators: TabCoordinator[] = [];
/** A tab's coordinator (lib/tabs), electing with the tabs of the same test. */
function coordinator(options: TabCoordinatorOptions): TabCoordinator {
  const made = createTabCoordinator({ locks: null, storage: null, channel: null, page: null, ...options });
  coordinators.push(made);
  return made;
}

/** Waits until `ready` holds, looking again after each turn of the event loop (never a fixed sleep). */
async function until(ready: () => boolean): Promise<void> {
  for (let turns = 0; !ready(); turns++) {
    if (turns > 500) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

let dbCount = 0;
const open: CartOutbox<FakeCart>[] = [];

/** A device: one IndexedDB database and a cart cookie, shared by the tabs made with `tab`. */
function device(server = fakeServer(), clock = { now: 1_000_000 }) {
  const store: UseStore = createStore(`outbox-test-${++dbCount}`, 'outbox');
  const cookie = { id: '' };
  const events = { applied: [] as string[], refused: [] as string[], gaveUp: [] as string[], delays: [] as number[] };
  const tab = (options: Partial<OutboxOptions<FakeCart>> = {}) => {
    // Each tab opens its own connection, as each browser tab does.
    const outbox = new CartOutbox<FakeCart>({
      store: createStore(`outbox-test-${dbCount}`, 'outbox'),
      send: server.send,
      cartId: () => cookie.id,
      storeCartId: (id) => (cookie.id = id),
      idOf: (cart) => cart.id,
      now: () => clock.now,
      events: {
        applied: (entry) => events.applied.push(entry.key),
        refused: (entry, reason) => events.refused.push(reason),
        gaveUp: (entry) => events.gaveUp.push(entry.key),
        retrying: (_entry, delay) => events.delays.push(delay),
      },
      ...options,
    });
    open.push(outbox);
    return outbox;
  };
  return { store, server, cookie, clock, events, tab };
}

afterEach(() => {
  for (const outbox of open.splice(0)) outbox.dispose();
  for (const made of coordinators.splice(0)) made.close();
  vi.useRealTimers();
});

const add = (skuId: number, quantity = 1): CartIntent => ({ kind: 'add', skuId, quantity });
const OUTBOX_SECTION = 'outbox';
const SECTION_LEASE = `${SECTION_LEASE_PREFIX}${OUTBOX_SECTION}`;

describe('the cart outbox', () => {
  it('keeps changes in IndexedDB in the order they were made, and replays them in that order', async () => {
    const { tab, server } = device();
    const outbox = tab();
    const made = [await outbox.enqueue(add(1)), await outbox.enqueue({ kind: 'set', skuId: 1, quantity: 3 }), await outbox.enqueue({ kind: 'promo', code: 'RETRO10' })];
    // A reload: a new tab reads what the first one wrote.
    expect((await tab().entries()).map((e) => e.key)).toEqual(made.map((e) => e.key));
    expect(made.map((e) => e.seq)).toEqual([1, 2, 3]);
    await outbox.flush(true);
    expect(server.calls.map((c) => c.key)).toEqual(made.map((e) => e.key));
    expect(await outbox.entries()).toEqual([]);
    expect(await outbox.lastCart()).toEqual({ id: 'cart-1', lines: { 1: 3 }, promoCode: 'RETRO10' });
  });

  it('sends the first change without an id and every later one with the id its answer handed out', async () => {
    const { tab, server, cookie } = device();
    const outbox = tab();
    await outbox.enqueue(add(1));
    await outbox.enqueue(add(2));
    await outbox.enqueue(add(1));
    await outbox.flush(true);
    expect(server.calls.map((c) => c.cartId)).toEqual(['', 'cart-1', 'cart-1']);
    expect(cookie.id).toBe('cart-1');
    expect(server.carts.size).toBe(1);
    expect(server.carts.get('cart-1')?.lines).toEqual({ 1: 2, 2: 1 });
  });

  it('merges onto the server cart as it is now: a change made from another device meanwhile is kept', async () => {
    const { tab, server, cookie } = device();
    const outbox = tab();
    await outbox.enqueue(add(1));
    await outbox.flush(true);
    // Another device adds SKU 7 to the same cart while this one is offline and lowers SKU 1.
    server.carts.get('cart-1')!.lines[7] = 2;
    await outbox.enqueue({ kind: 'set', skuId: 1, quantity: 0 });
    await outbox.enqueue(add(2));
    await outbox.flush(true);
    expect(cookie.id).toBe('cart-1');
    expect(server.carts.get('cart-1')?.lines).toEqual({ 7: 2, 2: 1 });
  });

  it('retries a change whose answer was lost with the same key, so the server applies it once', async () => {
    const { tab, server, cookie, clock } = device();
    const outbox = tab();
    await outbox.enqueue(add(1));
    await outbox.flush(true);
    await outbox.enqueue(add(2, 2));
    server.failures.push('lost');
    await outbox.flush(true);
    const [waiting] = await outbox.entries();
    expect(waiting).toMatchObject({ tries: 1, serverFailures: 0, nextAttemptAt: clock.now + 1000 });
    await outbox.flush(true);
    const sends = server.calls.slice(1);
    expect(sends.map((c) => c.key)).toEqual([waiting!.key, waiting!.key]);
    expect(sends.map((c) => c.cartId)).toEqual([cookie.id, cookie.id]);
    expect(server.carts.get(cookie.id)?.lines).toEqual({ 1: 1, 2: 2 });
    expect(await outbox.entries()).toEqual([]);
  });

  it('stores when a change was first sent before sending it, keeps that time through retries, and counts every list it writes', async () => {
    const { tab, server, clock } = device();
    const lists: { keys: string[]; sentAt: (number | undefined)[]; rev: number }[] = [];
    let storedAtSend: number | undefined;
    const sending: CartOutbox<FakeCart> = tab({
      events: { changed: (entries, rev) => lists.push({ keys: entries.map((e) => e.key), sentAt: entries.map((e) => e.sentAt), rev }) },
      send: async (entry, cartId) => {
        storedAtSend = (await sending.entries())[0]?.sentAt;
        return server.send(entry, cartId);
      },
    });
    const first = await sending.enqueue(add(1));
    expect(first.sentAt).toBeUndefined();
    const firstSentAt = clock.now;
    server.failures.push('lost');
    await sending.flush(true);
    // The server applied it; the answer was lost. The time it was first sent stays, since the server may hold it.
    expect(storedAtSend).toBe(firstSentAt);
    clock.now += 5000;
    await sending.flush(true);
    expect(storedAtSend).toBe(firstSentAt);
    expect(await sending.entries()).toEqual([]);
    expect(server.calls.map((c) => c.key)).toEqual([first.key, first.key]);
    // Every list written is newer than the one before: a tab can tell a list heard late from the latest.
    const revs = lists.map((l) => l.rev);
    expect(revs).toEqual([...revs].sort((a, b) => a - b));
    expect(new Set(revs).size).toBe(revs.length);
    expect(lists.at(-1)).toEqual({ keys: [], sentAt: [], rev: (await sending.snapshot()).rev });
  });

  it('keeps the earliest send time when another tab sent the change first, never a later one of its own', async () => {
    const { tab, server, clock, store } = device();
    const base = createStore(`outbox-test-${dbCount}`, 'outbox');
    let meddle: (() => Promise<void>) | null = null;
    // The first write of this tab's replay comes just after another tab (which took over) stored its own send time.
    const raced: UseStore = (mode, callback) => {
      const hook = mode === 'readwrite' ? meddle : null;
      if (!hook) return base(mode, callback);
      meddle = null;
      return hook().then(() => base(mode, callback));
    };
    const outbox = tab({ store: raced });
    const change = await outbox.enqueue(add(1));
    const early = clock.now - 500;
    meddle = async () => {
      const list = (await get<OutboxEntry[]>('entries', store)) ?? [];
      await set('entries', list.map((e) => (e.key === change.key ? { ...e, sentAt: early } : e)), store);
    };
    const seen: (number | undefined)[] = [];
    server.failures.push('lost');
    const watching = tab({ store: raced, send: (entry, cartId) => (seen.push(entry.sentAt), server.send(entry, cartId)) });
    await watching.flush(true);
    expect(seen).toEqual([early]);
    expect((await outbox.entries())[0]?.sentAt).toBe(early);
  });

  it('resends a first change whose answer was lost without an id: it lands once, in the cart the shopper goes on with', async () => {
    const { tab, server, cookie } = device();
    const outbox = tab();
    await outbox.enqueue(add(1, 2));
    await outbox.enqueue(add(2));
    server.failures.push('lost');
    await outbox.flush(true);
    await outbox.flush(true);
    // The server keys a change within a cart, and the lost answer carried the only id of the first cart: the
    // resend starts another, which every later change and the cookie then name.
    expect(server.calls.map((c) => c.cartId)).toEqual(['', '', 'cart-2']);
    expect(cookie.id).toBe('cart-2');
    expect(server.carts.get('cart-2')?.lines).toEqual({ 1: 2, 2: 1 });
  });

  it('backs off exponentially up to a cap, and only a forced flush (start, online, visible) skips the wait', async () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 12].map(backoffMs)).toEqual([1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000]);
    expect(backoffMs(30)).toBe(BACKOFF_CAP_MS);
    const { tab, server, clock, events } = device();
    const outbox = tab();
    await outbox.enqueue(add(1));
    server.failures.push('network', 'network', 'network');
    await outbox.flush(true);
    // The backoff timer's own flush does not send before the wait is over …
    await outbox.flush(false);
    expect(server.calls).toHaveLength(1);
    clock.now += 1000;
    await outbox.flush(false);
    expect(server.calls).toHaveLength(2);
    // … a forced one does.
    await outbox.flush(true);
    expect(server.calls).toHaveLength(3);
    expect(events.delays).toEqual([1000, 2000, 4000]);
    expect((await outbox.entries())[0]).toMatchObject({ tries: 3, serverFailures: 0 });
  });

  it('sends nothing while the browser is offline', async () => {
    const online = { value: false };
    const { tab, server } = device();
    const outbox = tab({ isOnline: () => online.value });
    await outbox.enqueue(add(1));
    await outbox.flush(true);
    expect(server.calls).toHaveLength(0);
    online.value = true;
    await outbox.flush(true);
    expect(server.calls).toHaveLength(1);
  });

  it('takes a change the server refuses for good out with a message, and goes on with the next', async () => {
    const { tab, server, events, cookie } = device();
    const outbox = tab();
    await outbox.enqueue(add(404));
    await outbox.enqueue(add(2));
    server.failures.push('refuse');
    await outbox.flush(true);
    expect(events.refused).toEqual(['There is no SKU with id 404']);
    expect(server.calls).toHaveLength(2);
    expect(server.carts.get(cookie.id)?.lines).toEqual({ 2: 1 });
    expect(await outbox.entries()).toEqual([]);
  });

  it(`gives a change up after ${MAX_SERVER_FAILURES} server failures in a row, never after network failures`, async () => {
    const { tab, server, events, clock } = device();
    const outbox = tab();
    const doomed = await outbox.enqueue(add(1));
    const kept = await outbox.enqueue(add(2));
    server.failures.push(...Array<Mode>(MAX_SERVER_FAILURES).fill('server'));
    for (let i = 0; i < MAX_SERVER_FAILURES; i++) {
      clock.now += BACKOFF_CAP_MS;
      await outbox.flush(false);
    }
    expect(events.gaveUp).toEqual([doomed.key]);
    expect(server.calls.filter((c) => c.key === doomed.key)).toHaveLength(MAX_SERVER_FAILURES);
    expect(events.applied).toEqual([kept.key]);

    const patient = await outbox.enqueue(add(3));
    server.failures.push(...Array<Mode>(MAX_SERVER_FAILURES * 3).fill('network'));
    for (let i = 0; i < MAX_SERVER_FAILURES * 3; i++) {
      clock.now += BACKOFF_CAP_MS;
      await outbox.flush(false);
    }
    expect((await outbox.entries()).map((e) => e.key)).toEqual([patient.key]);
    expect(events.gaveUp).toEqual([doomed.key]);
  });

  it('counts only server failures in a row: a network failure between them starts the count again', async () => {
    const { tab, server, events, clock } = device();
    const outbox = tab();
    await outbox.enqueue(add(1));
    const pattern: Mode[] = [];
    for (let i = 0; i < MAX_SERVER_FAILURES * 2; i++) pattern.push(...Array<Mode>(MAX_SERVER_FAILURES - 1).fill('server'), 'network');
    server.failures.push(...pattern);
    for (let i = 0; i < pattern.length; i++) {
      clock.now += BACKOFF_CAP_MS;
      await outbox.flush(false);
    }
    expect(events.gaveUp).toEqual([]);
    expect((await outbox.entries())[0]).toMatchObject({ serverFailures: 0 });
  });

  it('with Web Locks, two tabs flushing together both replay, one at a time, and send each change once', async () => {
    const locks = fakeLocks();
    const { tab, server, cookie } = device();
    const [tabA, tabB] = [coordinator({ locks }), coordinator({ locks })];
    await until(() => tabA.isLeader());
    const [a, b] = [tab({ exclusive: (replay) => tabA.exclusive(OUTBOX_SECTION, replay) }), tab({ exclusive: (replay) => tabB.exclusive(OUTBOX_SECTION, replay) })];
    await a.enqueue(add(1));
    await b.enqueue(add(2));
    await a.enqueue(add(1));
    const release = server.hold();
    // B, not the leader, gets the section first: A's flushes wait their turn rather than sending beside it.
    const flushes = [b.flush(true), a.flush(true), a.flush(true), b.flush(true)];
    await until(() => server.calls.length === 1);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.calls).toHaveLength(1);
    release();
    await Promise.all(flushes);
    expect(server.calls).toHaveLength(3);
    expect(new Set(server.calls.map((c) => c.key)).size).toBe(3);
    expect(server.carts.get(cookie.id)?.lines).toEqual({ 1: 2, 2: 1 });
    // The leader stays open and does nothing: the tab that queues replays its change itself.
    expect(tabA.isLeader()).toBe(true);
    const change = await b.enqueue(add(3));
    await b.flush(false);
    expect(server.calls.at(-1)?.key).toBe(change.key);
    expect(server.carts.get(cookie.id)?.lines).toEqual({ 1: 2, 2: 1, 3: 1 });
  });

  it('without Web Locks, a tab that flushes while another replays waits its turn, then finds the changes the other sent gone', async () => {
    const storage = fakeStorage();
    const { tab, server, cookie } = device();
    const [tabA, tabB] = [coordinator({ storage }), coordinator({ storage })];
    const [a, b] = [tab({ exclusive: (replay) => tabA.exclusive(OUTBOX_SECTION, replay) }), tab({ exclusive: (replay) => tabB.exclusive(OUTBOX_SECTION, replay) })];
    await a.enqueue(add(1));
    await b.enqueue(add(2));
    const release = server.hold();
    const first = a.flush(true);
    await until(() => server.calls.length === 1);
    const second = b.flush(true);
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setTimeout(resolve, 0));
    expect(server.calls).toHaveLength(1);
    release();
    await Promise.all([first, second]);
    expect(server.calls).toHaveLength(2);
    expect(new Set(server.calls.map((c) => c.key)).size).toBe(2);
    expect(server.carts.get(cookie.id)?.lines).toEqual({ 1: 1, 2: 1 });
  });

  it(`without Web Locks, a tab takes over ${LEADER_FALLBACK_MS} ms after the replaying tab died, resending its change with the same key`, async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_000_000 });
    const storage = fakeStorage();
    const { tab, server, cookie } = device();
    const a = tab({ now: Date.now });
    await a.enqueue(add(1));
    await a.flush(true);
    const change = await a.enqueue(add(2));
    // Tab A replayed, sent the change, the server applied it, and A was closed before it could note the answer.
    server.failures.push('lost');
    await server.send(change, cookie.id).catch(() => undefined);
    storage.setItem(SECTION_LEASE, JSON.stringify({ tab: 'closed-tab', until: Date.now() + LEADER_FALLBACK_MS }));
    const tabB = coordinator({ storage });
    const b = tab({ now: Date.now, exclusive: (replay) => tabB.exclusive(OUTBOX_SECTION, replay) });
    const flushed = b.flush(true);
    await vi.advanceTimersByTimeAsync(LEADER_FALLBACK_MS - 1);
    expect(server.calls.filter((c) => c.key === change.key)).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await flushed;
    expect(server.calls.filter((c) => c.key === change.key)).toHaveLength(2);
    expect(server.carts.get(cookie.id)?.lines).toEqual({ 1: 1, 2: 1 });
    expect(await b.entries()).toEqual([]);
  });

  it('without Web Locks, a replaying tab that stalls past its lease stops once another took over: each later change is sent once, to one cart', async () => {
    const storage = fakeStorage();
    const { tab, server, cookie } = device();
    const tabA = coordinator({ storage });
    const a = tab({ exclusive: (replay) => tabA.exclusive(OUTBOX_SECTION, replay) });
    const made = [await a.enqueue(add(1)), await a.enqueue(add(2)), await a.enqueue(add(3))];
    const release = server.hold();
    const first = a.flush(true);
    await until(() => server.calls.length === 1);
    // A hangs on its send past its lease; B finds it run out, takes it and sends the same change (with the same key).
    storage.setItem(SECTION_LEASE, JSON.stringify({ tab: 'tab-b', until: Date.now() + LEADER_FALLBACK_MS }));
    const tabB = coordinator({ storage, tabId: 'tab-b' });
    const b = tab({ exclusive: (replay) => tabB.exclusive(OUTBOX_SECTION, replay) });
    const second = b.flush(true);
    await until(() => server.calls.length === 2);
    release();
    await Promise.all([first, second]);
    // The cart id comes from the cookie both tabs share, written by the tab whose answer was kept.
    for (const later of made.slice(1)) {
      expect(server.calls.filter((c) => c.key === later.key).map((c) => c.cartId)).toEqual([cookie.id]);
    }
    expect(server.carts.get(cookie.id)?.lines).toEqual({ 1: 1, 2: 1, 3: 1 });
    expect(await b.entries()).toEqual([]);
  });

  it('sends with the cart id as the cookie says at send time, not one an earlier answer handed out', async () => {
    const { tab, server, cookie } = device();
    const outbox = tab();
    await outbox.enqueue(add(1));
    await outbox.flush(true);
    expect(cookie.id).toBe('cart-1');
    // Signed out in another tab (cookie gone), then a guest change: it starts a cart of its own.
    cookie.id = '';
    await outbox.enqueue(add(2));
    await outbox.flush(true);
    expect(server.calls.map((c) => c.cartId)).toEqual(['', '']);
    expect(server.carts.get('cart-1')?.lines).toEqual({ 1: 1 });
    expect(cookie.id).toBe('cart-2');
  });
});
