// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { ApolloClient, ApolloLink } from '@apollo/client';
import { clear, createStore, setMany } from 'idb-keyval';
import { Observable } from 'rxjs';
import { subscribe } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CartDocument } from '../../../graphql/generated/documents/Cart';
import type { CartFieldsFragment } from '../../../graphql/generated/operations';
import { testCart, testLine } from '../cart-test-kit';
import { answerTimes, createCache } from '../../../lib/apollo';
import { closeTabs, LEADER_LEASE_KEY, TAB_CHANNEL, tabs as thisTab, type TabEnvelope, type TabMessage } from '../../../lib/tabs';
import { ui } from '../../../lib/ui-state';

import { cartAnswerContext, cartState, forgetCart, outboxState, setOutboxEntries, setSettledEntries, type KeptCart, type OutboxEntry } from '../cart-store';
import { offerLiveCart, readCachedCart, readCartAgain, shownCart, startCartOutbox, stopCartOutbox, tellerOf, type OutboxContext } from './runtime';

type Language = 'sv' | 'en';

/** A SKU the fake server refuses for good (BAD_USER_INPUT). */
const UNKNOWN_SKU = 404;

/**
 * A shop server in small: one cart (`cart-1`), cart mutations applied once per idempotency key when they reach
 * it, and getCart read when it reaches it. `hold(name)` keeps the answers of that operation on the way back
 * until `release(name)`, so a test can order what reaches the server and what reaches the page as it likes.
 */
function shop() {
  const lines = new Map<number, number>();
  const keys = new Set<string>();
  const requests: { operationName: string; variables: Record<string, unknown> }[] = [];
  const held = new Map<string, (() => void)[]>();
  /** Operations whose next request fails on the way (no connection). */
  const failing = new Set<string>();
  const cart = (languageId: Language): CartFieldsFragment =>
    testCart(
      'cart-1',
      [...lines].map(([skuId, quantity]) => {
        const line = testLine(skuId, quantity);
        return { ...line, product: { ...line.product, name: `${languageId === 'en' ? 'Game' : 'Spel'} ${skuId}` } };
      }),
    );
  const server = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const { operationName = '', variables } = operation;
        requests.push({ operationName, variables });
        const languageId = variables.languageId as Language;
        let data: Record<string, unknown> | null;
        let errors: { message: string; extensions: { code: string } }[] | undefined;
        if ((operationName === 'AddToCart' || operationName === 'UpdateCartItem') && (variables.item as { skuId: number }).skuId === UNKNOWN_SKU) {
          data = null;
          errors = [{ message: `There is no SKU with id ${UNKNOWN_SKU}`, extensions: { code: 'BAD_USER_INPUT' } }];
        } else if (operationName === 'AddToCart' || operationName === 'UpdateCartItem') {
          const { skuId, quantity } = variables.item as { skuId: number; quantity: number };
          if (!keys.has(variables.idempotencyKey as string)) {
            keys.add(variables.idempotencyKey as string);
            const next = operationName === 'AddToCart' ? (lines.get(skuId) ?? 0) + quantity : quantity;
            if (next > 0) lines.set(skuId, next);
            else lines.delete(skuId);
          }
          data = { [operationName === 'AddToCart' ? 'addToCart' : 'updateCartItem']: cart(languageId) };
        } else {
          data = { getCart: cart(languageId) };
        }
        const answer = () => {
          observer.next(errors ? { data, errors } : { data });
          observer.complete();
        };
        if (failing.delete(operationName)) {
          observer.error(new TypeError('Failed to fetch'));
          return;
        }
        const waiting = held.get(operationName);
        if (waiting) waiting.push(answer);
        else answer();
      }),
  );
  const client = new ApolloClient({ cache: createCache(), link: ApolloLink.from([answerTimes, server]) });
  return {
    client,
    lines,
    requests,
    failNext(name: string) {
      failing.add(name);
    },
    hold(name: string) {
      held.set(name, []);
    },
    release(name: string) {
      const waiting = held.get(name) ?? [];
      held.delete(name);
      for (const answer of waiting) answer();
    },
  };
}

const context = (client: ApolloClient, languageId: Language = 'sv'): OutboxContext => ({
  client,
  channel: { channelId: languageId === 'sv' ? '1|se' : '1|en', languageId },
  texts: { refused: (what) => `refused ${what}`, gaveUp: (what) => `gave up ${what}` },
});

/** The tab's getCart, offered to the outbox state with when it was fetched, as the cart query does. */
const getCart = (client: ApolloClient, languageId: Language = 'sv') =>
  client.query({ query: CartDocument, variables: { id: 'cart-1', ...context(client, languageId).channel }, fetchPolicy: 'network-only', context: cartAnswerContext });

/** What the tab shows, as useCart computes it: the kept cart with the waiting changes laid on. */
const shown = () => shownCart(outboxState.serverCart, [...outboxState.settled, ...outboxState.entries], 'sv');
const quantities = () => Object.fromEntries((shown()?.items ?? []).map((line) => [line.skuId, line.quantity]));

/** Waits until `ready` holds, looking again after each turn of the event loop (never a fixed sleep). */
async function until(ready: () => boolean): Promise<void> {
  for (let turns = 0; !ready(); turns++) {
    if (turns > 500) throw new Error('never happened');
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

/** The clock moves on a few milliseconds, so that "before" and "after" are never the same millisecond. */
const tick = () => vi.setSystemTime(Date.now() + 5);

let online = true;
const tabs: BroadcastChannel[] = [];

/** Another tab of the same device, as the tabs' channel reaches it (lib/tabs). */
function otherTab(): { heard: unknown[]; post(message: TabMessage): void } {
  const channel = new BroadcastChannel(TAB_CHANNEL);
  tabs.push(channel);
  const heard: unknown[] = [];
  channel.addEventListener('message', (event) => heard.push((event as MessageEvent<TabEnvelope>).data.message));
  return { heard, post: (message) => channel.postMessage({ from: 'other-tab', at: Date.now(), message } satisfies TabEnvelope) };
}

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
  stopCartOutbox();
  closeTabs();
  localStorage.clear();
  await clear(createStore('retro-cart', 'outbox'));
  setOutboxEntries([]);
  setSettledEntries([]);
  outboxState.serverCart = null;
  online = true;
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  cartState.id = 'cart-1';
  document.cookie = 'ralph-cart=cart-1; path=/';
});

afterEach(() => {
  stopCartOutbox();
  closeTabs();
  for (const channel of tabs.splice(0)) channel.close();
  vi.useRealTimers();
});

describe('the carts the live updates bring (features/live)', () => {
  it("offers a socket's cart by the one rule: never over a change still on its way that it may hold, kept once that change's answer is in", async () => {
    const server = shop();
    server.lines.set(1, 1);
    const runtime = await startCartOutbox(context(server.client));
    await getCart(server.client);
    tick();
    server.hold('AddToCart');
    await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    await until(() => server.lines.get(1) === 2);
    tick();
    // The cartChanged event of this very add arrives before the add's answer: it may hold it, so it is not kept.
    const at = Date.now();
    await offerLiveCart({ cart: testCart('cart-1', [testLine(1, 2)]), languageId: 'sv', asOf: at, receivedAt: at }, true);
    expect(outboxState.serverCart?.cart.items[0]?.quantity).toBe(1);
    expect(quantities()).toEqual({ 1: 2 });
    server.release('AddToCart');
    await until(() => outboxState.entries.length === 0);
    tick();
    // A later event (staff changed the cart): newer than the add's answer, kept and written where the cart is watched.
    const later = Date.now();
    await offerLiveCart({ cart: { ...testCart('cart-1', [testLine(1, 5)]), warnings: [{ __typename: 'CartWarning', code: 'STOCK_CHANGED', message: 'Endast 5 kvar', skuId: 1 }] }, languageId: 'sv', asOf: later, receivedAt: later }, true);
    expect(quantities()).toEqual({ 1: 5 });
    expect(readCachedCart(server.client.cache, 'cart-1', context(server.client).channel)?.items[0]?.quantity).toBe(5);
    expect(ui.notification?.text).toBe('Endast 5 kvar');
    // Another cart, or another language's: not this tab's to keep.
    await offerLiveCart({ cart: testCart('cart-2', [testLine(9, 1)]), languageId: 'sv', asOf: later + 10, receivedAt: later + 10 }, false);
    await offerLiveCart({ cart: testCart('cart-1', [testLine(1, 9)]), languageId: 'en', asOf: later + 10, receivedAt: later + 10 }, false);
    expect(quantities()).toEqual({ 1: 5 });
  });

  it("reads the cart again by the tab's getCart path and answers what came, for the other tabs", async () => {
    const server = shop();
    server.lines.set(3, 2);
    await startCartOutbox(context(server.client));
    const kept = await readCartAgain();
    expect(kept).toMatchObject({ languageId: 'sv', cart: { id: 'cart-1', items: [{ skuId: 3, quantity: 2 }] } });
    expect(kept!.asOf).toBeLessThanOrEqual(kept!.receivedAt);
    expect(outboxState.serverCart?.cart.items[0]?.quantity).toBe(2);
    server.failNext('Cart');
    expect(await readCartAgain()).toBeNull();
  });
});

describe('the cart a tab shows while a change is on its way', () => {
  it('does not lay a change again under a getCart answer that may already hold it', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const runtime = await startCartOutbox(context(server.client));
    await getCart(server.client);
    tick();
    server.hold('AddToCart');
    await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    await until(() => server.lines.get(1) === 2);
    expect(outboxState.entries[0]?.sentAt).toBeDefined();
    tick();
    // The server applied the add; its answer is still on the way when a getCart (which holds it) comes back.
    await getCart(server.client);
    expect(quantities()).toEqual({ 1: 2 });
    // The tab keeps the cart known to lack the add, with the add on top, until the add's own answer.
    expect(outboxState.serverCart?.cart.items[0]?.quantity).toBe(1);
    server.release('AddToCart');
    await until(() => outboxState.entries.length === 0);
    expect(quantities()).toEqual({ 1: 2 });
  });

  it('checks a getCart answer that comes while the time of the first send is being stored against that time', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const runtime = await startCartOutbox(context(server.client));
    await getCart(server.client);
    tick();
    // This getCart reads the cart before the add reaches the server; its answer is held on the way back.
    server.hold('Cart');
    const late = getCart(server.client);
    await until(() => server.requests.filter((r) => r.operationName === 'Cart').length === 2);
    server.hold('AddToCart');
    // It comes back after the time of the send was taken, while IndexedDB is still being given it (a slow disk).
    const put = IDBObjectStore.prototype.put;
    let stamped = false;
    const spy = vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (!stamped && Array.isArray(value) && value.some((entry: OutboxEntry) => entry.sentAt !== undefined)) {
        stamped = true;
        // A list read before the time was taken is shown late (the tab shown again, another tab's change heard).
        setOutboxEntries(outboxState.entries.map(({ sentAt: _sentAt, ...entry }) => entry));
        tick();
        server.release('Cart');
      }
      return put.call(this, value, key);
    });
    try {
      await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
      await late;
      await until(() => server.lines.get(1) === 2 && outboxState.entries[0]?.sentAt !== undefined);
    } finally {
      spy.mockRestore();
    }
    expect(stamped).toBe(true);
    // The answer lacks the add, but whether it does cannot be told from its times: the cart known to lack it stays.
    expect(quantities()).toEqual({ 1: 2 });
    server.release('AddToCart');
    await until(() => outboxState.entries.length === 0);
    expect(quantities()).toEqual({ 1: 2 });
  });

  it('with no cart known to lack the change, shows the getCart answer without laying the change on it', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const runtime = await startCartOutbox(context(server.client));
    server.hold('AddToCart');
    await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    await until(() => server.lines.get(1) === 2);
    tick();
    await getCart(server.client);
    expect(quantities()).toEqual({ 1: 2 });
    server.release('AddToCart');
  });

  it('lays a change on a getCart answer that came back before the change was sent', async () => {
    const server = shop();
    server.lines.set(1, 1);
    online = false;
    const runtime = await startCartOutbox(context(server.client));
    await runtime.queue({ kind: 'add', skuId: 1, quantity: 2 }, null);
    tick();
    await getCart(server.client);
    expect(quantities()).toEqual({ 1: 3 });
  });

  it('keeps the outbox answer when a getCart fetched before it arrives after it', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const runtime = await startCartOutbox(context(server.client));
    await getCart(server.client);
    tick();
    server.hold('Cart');
    const late = getCart(server.client);
    await until(() => server.requests.some((r) => r.operationName === 'Cart'));
    tick();
    await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    await until(() => outboxState.entries.length === 0);
    expect(quantities()).toEqual({ 1: 2 });
    // The getCart read the cart before the add reached the server; its answer comes last.
    server.release('Cart');
    await late;
    expect(quantities()).toEqual({ 1: 2 });
    expect(outboxState.serverCart?.cart.items[0]?.quantity).toBe(2);
    // A getCart fetched after the answer is newer and is taken.
    tick();
    server.lines.set(1, 5);
    await getCart(server.client);
    expect(quantities()).toEqual({ 1: 5 });
  });
});

/** What another tab (or an earlier page) left in IndexedDB: waiting changes, their revision and the kept cart. */
const stored = (entries: OutboxEntry[], rev: number, cart: KeptCart | null) =>
  setMany(
    [
      ['entries', entries],
      ['rev', rev],
      ...(cart ? [['serverCart', cart] as [string, KeptCart]] : []),
    ],
    createStore('retro-cart', 'outbox'),
  );

const waitingAdd = (key: string, skuId: number, sentAt?: number): OutboxEntry => ({
  key,
  seq: 1,
  intent: { kind: 'add', skuId, quantity: 1 },
  preview: null,
  queuedAt: 0,
  tries: 1,
  serverFailures: 0,
  nextAttemptAt: 0,
  ...(sentAt === undefined ? {} : { sentAt }),
});

describe('the cart a tab shows when the outbox loads', () => {
  it('holds a getCart answer that came before the outbox read its waiting changes, and checks it against them', async () => {
    const server = shop();
    server.lines.set(1, 1);
    online = false;
    // The last page kept a cart, then sent an add that never reached the server (offline since).
    const before = Date.now();
    tick();
    await stored([waitingAdd('k-1', 1, Date.now())], 3, { cart: testCart('cart-1', [testLine(1, 1)]), languageId: 'sv', asOf: before, receivedAt: before });
    tick();
    // This page's getCart (sent while the connection flickered back) answers before the outbox code has loaded.
    await getCart(server.client);
    await startCartOutbox(context(server.client));
    expect(outboxState.entries.map((e) => e.key)).toEqual(['k-1']);
    expect(outboxState.serverCart?.asOf).toBe(before);
    expect(quantities()).toEqual({ 1: 2 });
  });

  it('on being shown again, keeps the stored cart known to lack a change it just learnt of over a newer one that may hold it', async () => {
    const server = shop();
    server.lines.set(1, 1);
    online = false;
    const runtime = await startCartOutbox(context(server.client));
    const before = Date.now();
    tick();
    const sentAt = Date.now();
    tick();
    // A getCart answered after another tab's add was sent; this tab (frozen meanwhile) heard nothing of the add.
    await getCart(server.client);
    expect(outboxState.serverCart?.asOf).toBeGreaterThan(sentAt);
    await stored([waitingAdd('k-1', 1, sentAt)], 3, { cart: testCart('cart-1', [testLine(1, 1)]), languageId: 'sv', asOf: before, receivedAt: before });
    await runtime.reload();
    expect(outboxState.serverCart?.asOf).toBe(before);
    expect(quantities()).toEqual({ 1: 2 });
  });
});

describe('a getCart answer put off for a change on its way', () => {
  it('is fetched again when the change leaves without a cart (refused for good)', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const runtime = await startCartOutbox(context(server.client));
    await getCart(server.client);
    tick();
    server.hold('AddToCart');
    await runtime.queue({ kind: 'add', skuId: UNKNOWN_SKU, quantity: 1 }, null);
    await until(() => outboxState.entries[0]?.sentAt !== undefined && server.requests.some((r) => r.operationName === 'AddToCart'));
    tick();
    // Another device adds to the cart; this tab's getCart holds that but may hold the add too, so it is put off.
    server.lines.set(2, 1);
    await getCart(server.client);
    expect(quantities()).toEqual({ 1: 1 });
    server.release('AddToCart');
    await until(() => outboxState.entries.length === 0);
    await until(() => quantities()[2] === 1);
    expect(quantities()).toEqual({ 1: 1, 2: 1 });
  });

  it('is fetched again in a tab that hears that a change another tab replayed was refused', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const tab = otherTab();
    await startCartOutbox(context(server.client));
    await getCart(server.client);
    tick();
    const sentAt = Date.now();
    tab.post({ kind: 'cart/changed', entries: [waitingAdd('k-1', UNKNOWN_SKU, sentAt)], rev: 5 });
    await until(() => outboxState.entries.length === 1);
    tick();
    server.lines.set(2, 1);
    await getCart(server.client);
    expect(quantities()).toEqual({ 1: 1 });
    tab.post({ kind: 'cart/refused', key: 'k-1', message: 'There is no SKU', teller: 'other-tab' });
    tab.post({ kind: 'cart/changed', entries: [], rev: 6 });
    await until(() => quantities()[2] === 1);
    expect(quantities()).toEqual({ 1: 1, 2: 1 });
  });
});

describe('the cart a tab in the other language asks for', () => {
  const english = (): { entry: OutboxEntry; kept: KeptCart } => {
    const at = Date.now();
    return {
      entry: waitingAdd('k-en', 1, at - 1),
      kept: { cart: testCart('cart-1', [testLine(1, 2)]), languageId: 'en', asOf: at, receivedAt: at },
    };
  };

  it('is a getCart of its own, not one already on its way (fetched before the change was answered)', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const tab = otherTab();
    await startCartOutbox(context(server.client, 'sv'));
    server.hold('Cart');
    const early = getCart(server.client);
    await until(() => server.requests.filter((r) => r.operationName === 'Cart').length === 1);
    tick();
    server.lines.set(1, 2);
    const { entry, kept } = english();
    tab.post({ kind: 'cart/applied', entry, kept, before: null, entries: [], rev: 50, teller: 'other-tab' });
    await until(() => server.requests.filter((r) => r.operationName === 'Cart').length === 2);
    server.release('Cart');
    await early;
    await until(() => outboxState.settled.length === 0);
    expect(outboxState.serverCart?.cart.items[0]?.quantity).toBe(2);
    expect(quantities()).toEqual({ 1: 2 });
  });

  it('is asked for again when the browser is back online after it failed', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const tab = otherTab();
    await startCartOutbox(context(server.client, 'sv'));
    await getCart(server.client);
    tick();
    server.lines.set(1, 2);
    server.failNext('Cart');
    const { entry, kept } = english();
    tab.post({ kind: 'cart/applied', entry, kept, before: null, entries: [], rev: 50, teller: 'other-tab' });
    await until(() => server.requests.filter((r) => r.operationName === 'Cart').length === 2);
    expect(outboxState.settled).toHaveLength(1);
    window.dispatchEvent(new Event('online'));
    await until(() => outboxState.settled.length === 0);
    expect(outboxState.serverCart?.cart.items[0]?.quantity).toBe(2);
    expect(quantities()).toEqual({ 1: 2 });
  });
});

describe('a language switch while a change is on its way', () => {
  it('never writes the answer, in the language it was sent in, into the cache under the other language', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const runtime = await startCartOutbox(context(server.client, 'sv'));
    server.hold('AddToCart');
    await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    await until(() => server.requests.some((r) => r.operationName === 'AddToCart'));
    // The shopper switches to English; the Swedish answer comes after.
    await startCartOutbox(context(server.client, 'en'));
    server.release('AddToCart');
    await until(() => outboxState.entries.length === 0);
    expect(outboxState.serverCart?.languageId).toBe('sv');
    expect(readCachedCart(server.client.cache, 'cart-1', context(server.client, 'en').channel)).toBeNull();
  });
});

describe('what a button hears of its change', () => {
  it('hears of a change a tab in the other language replayed in its own language: quantities only, no warnings', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const tab = otherTab();
    // The English tab replays (it holds the lease); this Swedish tab only waits for the answer.
    await setMany([['leader', { tab: 'english-tab', until: Date.now() + 60_000 }]], createStore('retro-cart', 'outbox'));
    const runtime = await startCartOutbox(context(server.client, 'sv'));
    await getCart(server.client, 'sv');
    const { outcome } = await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    const entry = outboxState.entries[0]!;
    tick();
    const at = Date.now();
    const line = testLine(1, 2);
    const cart = { ...testCart('cart-1', [{ ...line, product: { ...line.product, name: 'Game 1' } }]), warnings: [{ __typename: 'CartWarning' as const, code: 'STOCK_LIMIT', message: 'Only 2 left', skuId: 1 }] };
    const english: KeptCart = { cart: cart as CartFieldsFragment, languageId: 'en', asOf: at, receivedAt: at };
    const englishBefore = testCart('cart-1', [{ ...testLine(1, 1), product: { ...testLine(1, 1).product, name: 'Game 1' } }]);
    tab.post({ kind: 'cart/applied', entry: { ...entry, sentAt: at - 1 }, kept: english, before: englishBefore, entries: [], rev: 90, teller: 'other-tab' });
    const result = await outcome;
    expect(result).toMatchObject({ kind: 'applied', foreign: true, cart: { warnings: [], items: [{ skuId: 1, quantity: 2, product: { name: 'Spel 1' } }] } });
    expect(result).toMatchObject({ before: { items: [{ skuId: 1, quantity: 1, product: { name: 'Spel 1' } }] } });
  });

  it('hears "queued" at once when the page goes (closed, reloaded) before the server answered', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const runtime = await startCartOutbox(context(server.client));
    await getCart(server.client);
    server.hold('AddToCart');
    const { outcome } = await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    let heard: unknown = null;
    void outcome.then((result) => (heard = result));
    await until(() => server.requests.some((r) => r.operationName === 'AddToCart'));
    window.dispatchEvent(new Event('pagehide'));
    await Promise.resolve();
    expect(heard).toMatchObject({ kind: 'queued', before: { items: [{ skuId: 1, quantity: 1 }] }, after: { items: [{ skuId: 1, quantity: 2 }] } });
    server.release('AddToCart');
    await until(() => outboxState.entries.length === 0);
    expect(heard).toMatchObject({ kind: 'queued' });
  });
});

describe('what the tabs tell each other', () => {
  it('a change another tab starts to send counts as sent here at once, also when heard before the change itself', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const tab = otherTab();
    await startCartOutbox(context(server.client));
    await getCart(server.client);
    const waiting: OutboxEntry = { key: 'k-other', seq: 1, intent: { kind: 'add', skuId: 1, quantity: 1 }, preview: null, queuedAt: 0, tries: 0, serverFailures: 0, nextAttemptAt: 0 };
    tick();
    const at = Date.now();
    // Heard before the list that holds the change: the time waits for it.
    tab.post({ kind: 'cart/sending', key: 'k-other', at });
    tab.post({ kind: 'cart/changed', entries: [waiting], rev: 50 });
    await until(() => outboxState.entries.length === 1);
    expect(outboxState.entries[0]?.sentAt).toBe(at);
    // The other tab's sending got to the server; a getCart that holds it comes back here before its answer.
    server.lines.set(1, 2);
    tick();
    await getCart(server.client);
    expect(quantities()).toEqual({ 1: 2 });
    // A list without the time, shown later (read before the other tab wrote it), does not hide the change.
    const shownBefore = outboxState.entries;
    tab.post({ kind: 'cart/changed', entries: [waiting], rev: 51 });
    await until(() => outboxState.entries !== shownBefore);
    expect(outboxState.entries[0]?.sentAt).toBe(at);
    expect(quantities()).toEqual({ 1: 2 });
  });

  it('an answer goes to the other tabs with the changes still waiting, and a tab that hears one shows both', async () => {
    const server = shop();
    const tab = otherTab();
    online = false;
    const runtime = await startCartOutbox(context(server.client));
    await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    await runtime.queue({ kind: 'add', skuId: 2, quantity: 1 }, null);
    server.hold('AddToCart');
    online = true;
    window.dispatchEvent(new Event('online'));
    await until(() => server.requests.length === 1);
    server.release('AddToCart');
    await until(() => tab.heard.some((m) => (m as { kind: string }).kind === 'cart/applied'));
    const applied = tab.heard.find((m) => (m as { kind: string }).kind === 'cart/applied') as { entries: OutboxEntry[]; kept: KeptCart; rev: number };
    expect(applied.kept.cart.items.map((line) => line.skuId)).toEqual([1]);
    expect(applied.entries.map((entry) => entry.intent)).toEqual([{ kind: 'add', skuId: 2, quantity: 1 }]);
    await until(() => outboxState.entries.length === 0);

    // Now the other way round: another tab's answer, with a change it still holds back, reaches this tab.
    const waiting: OutboxEntry = { key: 'k-3', seq: 9, intent: { kind: 'add', skuId: 3, quantity: 4 }, preview: null, queuedAt: 0, tries: 0, serverFailures: 0, nextAttemptAt: 0 };
    tick();
    const at = Date.now();
    const answer: KeptCart = { cart: testCart('cart-1', [testLine(1, 1), testLine(2, 1), testLine(3, 1)]), languageId: 'sv', asOf: at, receivedAt: at };
    tab.post({ kind: 'cart/applied', entry: { ...waiting, key: 'k-2', sentAt: at - 1 }, kept: answer, before: null, entries: [waiting], rev: applied.rev + 10, teller: 'other-tab' });
    await until(() => outboxState.entries.length === 1);
    expect(quantities()).toEqual({ 1: 1, 2: 1, 3: 5 });
    // A list heard late from a third tab (an older revision) does not bring back a change already answered.
    const lists: string[][] = [];
    const unsubscribe = subscribe(outboxState, () => lists.push(outboxState.entries.map((entry) => entry.key)));
    tab.post({ kind: 'cart/changed', entries: [{ ...waiting, key: 'k-2' }, waiting], rev: applied.rev + 5 });
    tab.post({ kind: 'cart/changed', entries: [waiting, { ...waiting, key: 'k-4' }], rev: applied.rev + 11 });
    await until(() => outboxState.entries.length === 2);
    unsubscribe();
    expect(lists.flat()).not.toContain('k-2');
  });

  it('an answer heard from another tab does not replace a getCart this tab fetched after that answer arrived', async () => {
    const server = shop();
    server.lines.set(1, 2);
    const tab = otherTab();
    await startCartOutbox(context(server.client));
    const at = Date.now();
    const answer: KeptCart = { cart: testCart('cart-1', [testLine(1, 2)]), languageId: 'sv', asOf: at, receivedAt: at };
    tick();
    server.lines.set(1, 7);
    await getCart(server.client);
    const entry: OutboxEntry = { key: 'k-1', seq: 1, intent: { kind: 'add', skuId: 1, quantity: 1 }, preview: null, queuedAt: 0, tries: 0, serverFailures: 0, nextAttemptAt: 0, sentAt: at - 1 };
    tab.post({ kind: 'cart/applied', entry, kept: answer, before: null, entries: [], rev: 70, teller: 'other-tab' });
    tab.post({ kind: 'cart/changed', entries: [{ ...entry, key: 'k-sentinel', sentAt: undefined }], rev: 71 });
    await until(() => outboxState.entries.length === 1);
    expect(outboxState.serverCart?.cart.items[0]?.quantity).toBe(7);
  });

  it('a tab in the other language asks for its own cart and keeps the change shown until it answers', async () => {
    const server = shop();
    server.lines.set(1, 1);
    const tab = otherTab();
    await startCartOutbox(context(server.client, 'sv'));
    await getCart(server.client, 'sv');
    tick();
    // The English tab replayed an add: the server holds it, and the English answer comes to this Swedish tab.
    const sentAt = Date.now();
    server.lines.set(1, 2);
    tick();
    const at = Date.now();
    const english: KeptCart = { cart: testCart('cart-1', [{ ...testLine(1, 2), product: { ...testLine(1, 2).product, name: 'Game 1' } }]), languageId: 'en', asOf: at, receivedAt: at };
    const entry: OutboxEntry = { key: 'k-en', seq: 1, intent: { kind: 'add', skuId: 1, quantity: 1 }, preview: null, queuedAt: 0, tries: 0, serverFailures: 0, nextAttemptAt: 0, sentAt };
    server.hold('Cart');
    tick();
    tab.post({ kind: 'cart/applied', entry, kept: english, before: null, entries: [], rev: 50, teller: 'other-tab' });
    await until(() => server.requests.filter((r) => r.operationName === 'Cart').length === 2);
    expect(server.requests.at(-1)?.variables).toMatchObject({ id: 'cart-1', languageId: 'sv' });
    // Until its own answer comes, the Swedish cart it had, with the change laid on: never the English one.
    expect(outboxState.serverCart?.languageId).toBe('sv');
    expect(quantities()).toEqual({ 1: 2 });
    expect(shown()?.items[0]?.product.name).toBe('Spel 1');
    server.release('Cart');
    await until(() => outboxState.serverCart?.cart.items[0]?.quantity === 2);
    expect(outboxState.serverCart?.languageId).toBe('sv');
    expect(outboxState.settled).toEqual([]);
    expect(quantities()).toEqual({ 1: 2 });
    expect(shown()?.items[0]?.product.name).toBe('Spel 1');
  });
});

describe('who tells the shopper what became of a change no button waits for', () => {
  it('is the tab that made it while it is open, else the tab that replayed it (one rule)', () => {
    const replaying = { tabId: 'replaying', isOpen: (id: string) => id === 'open-maker' };
    expect(tellerOf({ tab: 'open-maker' }, replaying)).toBe('open-maker');
    expect(tellerOf({ tab: 'closed-maker' }, replaying)).toBe('replaying');
    expect(tellerOf({}, replaying)).toBe('replaying');
  });

  it('a refusal another tab replayed: only the teller it names tells, once', async () => {
    const server = shop();
    const tab = otherTab();
    await startCartOutbox(context(server.client));
    ui.notification = null;
    tab.post({ kind: 'cart/refused', key: 'k-1', message: 'There is no SKU', teller: 'other-tab' });
    tab.post({ kind: 'cart/refused', key: 'k-2', message: 'Refused here', teller: thisTab().tabId });
    await until(() => ui.notification !== null);
    expect(ui.notification).toMatchObject({ text: 'Refused here', kind: 'error' });
  });

  it('a refusal this tab replays for a tab that said it closed is told here; for an open maker, by that tab', async () => {
    const server = shop();
    const maker = otherTab();
    const runtime = await startCartOutbox(context(server.client));
    const store = createStore('retro-cart', 'outbox');
    const entry = (key: string): OutboxEntry => ({ ...waitingAdd(key, UNKNOWN_SKU, 0), sentAt: undefined, tab: 'other-tab' });
    // The maker queued a change (heard), then its page went.
    maker.post({ kind: 'tabs/closed' });
    await setMany([['entries', [entry('k-closed')]], ['rev', 1]], store);
    ui.notification = null;
    await runtime.outbox.flush(true);
    await until(() => maker.heard.some((m) => (m as { kind: string }).kind === 'cart/refused'));
    expect(maker.heard.find((m) => (m as { kind: string }).kind === 'cart/refused')).toMatchObject({ key: 'k-closed', teller: thisTab().tabId });
    expect(ui.notification).toMatchObject({ kind: 'error' });
    // Heard from again: it is open, so it tells, not this tab.
    maker.post({ kind: 'cart/changed', entries: [entry('k-open')], rev: 10 });
    await until(() => outboxState.entries.length === 1);
    await setMany([['entries', [entry('k-open')]], ['rev', 10]], store);
    ui.notification = null;
    await runtime.outbox.flush(true);
    const refusal = () => maker.heard.find((m) => (m as { kind: string; key?: string }).kind === 'cart/refused' && (m as { key?: string }).key === 'k-open');
    await until(() => refusal() !== undefined);
    expect(refusal()).toMatchObject({ teller: 'other-tab' });
    expect(ui.notification).toBeNull();
  });
});

describe('a change another tab queued', () => {
  it('is replayed by this tab when it flushes (back online), though it does not lead', async () => {
    const server = shop();
    const maker = otherTab();
    // Another tab leads for its life and never replays (say its outbox never loaded).
    localStorage.setItem(LEADER_LEASE_KEY, JSON.stringify({ tab: 'frozen-leader', until: Date.now() + 3_600_000 }));
    online = false;
    await startCartOutbox(context(server.client));
    expect(thisTab().isLeader()).toBe(false);
    const change: OutboxEntry = { ...waitingAdd('k-other', 5, 0), sentAt: undefined, tab: 'other-tab' };
    await setMany([['entries', [change]], ['rev', 1]], createStore('retro-cart', 'outbox'));
    maker.post({ kind: 'cart/changed', entries: [change], rev: 1 });
    await until(() => outboxState.entries.length === 1);
    online = true;
    window.dispatchEvent(new Event('online'));
    await until(() => outboxState.entries.length === 0);
    expect(server.requests.filter((r) => r.operationName === 'AddToCart').map((r) => r.variables.idempotencyKey)).toEqual(['k-other']);
    expect(server.lines.get(5)).toBe(1);
  });
});

describe('a tab that forgets the cart (signed out)', () => {
  it('shows the next lists of waiting changes, though their revisions start again lower', async () => {
    const server = shop();
    online = false;
    const runtime = await startCartOutbox(context(server.client));
    for (let i = 0; i < 5; i++) await runtime.queue({ kind: 'add', skuId: 1, quantity: 1 }, null);
    await forgetCart();
    await runtime.queue({ kind: 'add', skuId: 2, quantity: 1 }, null);
    expect(outboxState.entries.map((entry) => entry.intent)).toEqual([{ kind: 'add', skuId: 2, quantity: 1 }]);
  });

  it('when shown again after the cookie was cleared elsewhere, drops the cart it showed', async () => {
    const server = shop();
    server.lines.set(1, 1);
    await startCartOutbox(context(server.client));
    await getCart(server.client);
    expect(outboxState.serverCart?.cart.id).toBe('cart-1');
    // Signed out in another tab while this one was frozen (the message long gone stale).
    document.cookie = 'ralph-cart=; path=/; max-age=0';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    document.dispatchEvent(new Event('visibilitychange'));
    expect(cartState.id).toBe('');
    expect(outboxState.serverCart).toBeNull();
  });
});
