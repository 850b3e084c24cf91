// @vitest-environment happy-dom
import 'fake-indexeddb/auto';
import { createStore, keys, set } from 'idb-keyval';
import { ApolloClient, ApolloLink, gql, InMemoryCache } from '@apollo/client';
import { Observable } from 'rxjs';
import { subscribe } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_PATHS, REFRESH_FACTOR_MS } from '../../../shared/auth';
import { readToken } from '../../lib/auth-token';
import { CROSS_TAB_TTL_MS, TAB_CHANNEL, type TabEnvelope } from '../../lib/tabs';
import { cartState, OUTBOX_DB, outboxState } from '../cart';
import { account } from './account-state';
import { signedIn, signOut, startSession } from './session';

interface Call {
  url: string;
  authorization: string | null;
  body: unknown;
}

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** The GraphQL side: claimCart answers the customer's cart. */
const operations: string[] = [];
const link = new ApolloLink(
  (operation) =>
    new Observable((observer) => {
      operations.push(operation.operationName ?? '');
      observer.next({ data: { claimCart: { __typename: 'Cart', id: 'customer-cart' } } });
      observer.complete();
    }),
);
const client = new ApolloClient({ cache: new InMemoryCache(), link });

let calls: Call[];
let answer: (call: Call) => Response;

beforeEach(() => {
  calls = [];
  operations.length = 0;
  answer = () => json({ token: 'next.to.ken', maxAge: 100 });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const call = { url, authorization: new Headers(init.headers).get('authorization'), body: init.body ? JSON.parse(String(init.body)) : null };
      calls.push(call);
      return answer(call);
    }),
  );
  startSession({ client, languageId: 'sv' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.cookie = 'apollo-token=; Path=/; Max-Age=0';
  document.cookie = 'ralph-cart=; Path=/; Max-Age=0';
});

describe('the account session', () => {
  it('keeps the token, merges the guest cart into the customer\'s and refreshes at 900 × maxAge ms', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    document.cookie = 'ralph-cart=guest-cart; Path=/';
    cartState.id = 'guest-cart';
    await signedIn({ token: 'first.to.ken', maxAge: 100 });
    expect(readToken()).toBe('first.to.ken');
    expect(account.signedIn).toBe(true);
    expect(operations).toContain('ClaimCart');
    expect(cartState.id).toBe('customer-cart');
    expect(document.cookie).toContain('ralph-cart=customer-cart');

    await vi.advanceTimersByTimeAsync(REFRESH_FACTOR_MS * 100 - 1);
    expect(calls).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(readToken()).toBe('next.to.ken'));
    expect(calls).toEqual([{ url: AUTH_PATHS.login, authorization: 'Bearer first.to.ken', body: { languageId: 'sv' } }]);
  });

  it('signs the tab out when the refresh is refused', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    answer = () => json({ message: 'no', code: 'UNAUTHENTICATED' }, 401);
    await signedIn({ token: 'old.to.ken', maxAge: 10 });
    await vi.advanceTimersByTimeAsync(REFRESH_FACTOR_MS * 10);
    await vi.waitFor(() => expect(account.signedIn).toBe(false));
    expect(readToken()).toBeNull();
  });

  it('logout tells the server, forgets the token, the cart and the cached data, and tells the other tabs', async () => {
    const otherTab = new BroadcastChannel(TAB_CHANNEL);
    const heard: unknown[] = [];
    otherTab.addEventListener('message', (event) => heard.push((event as MessageEvent<TabEnvelope>).data.message));
    await signedIn({ token: 'some.to.ken', maxAge: 100 });
    client.cache.writeQuery({ query: gql`query Who { who }`, data: { who: 'Anna' } });
    expect(client.cache.extract()).not.toEqual({});
    cartState.id = 'customer-cart';
    // The device's copy of the customer's cart, and a change waiting to be sent.
    const outbox = createStore(OUTBOX_DB.database, OUTBOX_DB.store);
    await set('entries', [{ key: 'k1' }], outbox);
    outboxState.serverCart = { cart: { id: 'customer-cart' } } as unknown as NonNullable<typeof outboxState.serverCart>;
    // What the page sees when it hears of the sign-out (an account page then leaves for home at once): the store
    // is already cleared, so clearing it cannot cancel the next page's queries.
    let cacheWhenSignedOut: unknown = 'not heard';
    const unheard = subscribe(account, () => {
      if (!account.signedIn && cacheWhenSignedOut === 'not heard') cacheWhenSignedOut = client.cache.extract();
    }, true);
    await signOut();
    unheard();
    expect(cacheWhenSignedOut).toEqual({});
    expect(await keys(outbox)).toEqual([]);
    expect(outboxState.serverCart).toBeNull();
    expect(outboxState.entries).toEqual([]);
    expect(readToken()).toBeNull();
    expect(account.signedIn).toBe(false);
    expect(cartState.id).toBe('');
    expect(document.cookie).not.toContain('ralph-cart=customer-cart');
    expect(client.cache.extract()).toEqual({});
    expect(calls.at(-1)).toMatchObject({ url: AUTH_PATHS.logout, authorization: 'Bearer some.to.ken' });
    await vi.waitFor(() => expect(heard).toContainEqual({ kind: 'account/signed-out' }));
    otherTab.close();
  });
  it('a sign-out in another tab heard long after (a frozen tab thawing) still drops the customer and the cart here, and leaves the device alone', async () => {
    await signedIn({ token: 'some.to.ken', maxAge: 100 });
    expect(account.signedIn).toBe(true);
    outboxState.serverCart = { cart: { id: 'customer-cart' } } as unknown as NonNullable<typeof outboxState.serverCart>;
    // The other tab cleared the cookies and then a guest started a cart on the device.
    document.cookie = 'apollo-token=; Path=/; Max-Age=0';
    document.cookie = 'ralph-cart=guest-cart; Path=/';
    const outbox = createStore(OUTBOX_DB.database, OUTBOX_DB.store);
    await set('entries', [{ key: 'guest-change' }], outbox);
    const otherTab = new BroadcastChannel(TAB_CHANNEL);
    otherTab.postMessage({ from: 'other-tab', at: Date.now() - 10 * CROSS_TAB_TTL_MS, message: { kind: 'account/signed-out' } } satisfies TabEnvelope);
    await vi.waitFor(() => expect(account.signedIn).toBe(false));
    expect(outboxState.serverCart).toBeNull();
    expect(cartState.id).toBe('guest-cart');
    expect(await keys(outbox)).toEqual(['entries']);
    otherTab.close();
  });

  it('a tab shown again re-checks the token cookie: gone, it drops the customer and the cart it showed', async () => {
    await signedIn({ token: 'some.to.ken', maxAge: 100 });
    outboxState.serverCart = { cart: { id: 'customer-cart' } } as unknown as NonNullable<typeof outboxState.serverCart>;
    document.cookie = 'apollo-token=; Path=/; Max-Age=0';
    document.cookie = 'ralph-cart=; Path=/; Max-Age=0';
    window.dispatchEvent(Object.assign(new Event('pageshow'), { persisted: true }));
    await vi.waitFor(() => expect(account.signedIn).toBe(false));
    expect(outboxState.serverCart).toBeNull();
    expect(cartState.id).toBe('');
  });
});
