import { afterEach, describe, expect, it, vi } from 'vitest';
import { CONNECT_TIMEOUT_MS, LiveSocket, MAX_RETRY_MS, MIN_CONNECT_TIMEOUT_MS, PONG_TIMEOUT_MS, retryDelay, type LiveClient, type LiveSocketDeps, type Wanted } from './socket';

type Sink = Parameters<LiveClient['subscribe']>[1];
type Event = 'connecting' | 'connected' | 'ping' | 'pong' | 'closed';

/** graphql-ws's client as the socket sees it: subscriptions, events, and a drop that ends every subscription in error. */
class FakeClient {
  readonly subs: { variables: unknown; key: string; sink: Sink; ended: boolean }[] = [];
  readonly log: string[];
  private readonly listeners = new Map<Event, Set<(...args: unknown[]) => void>>();
  terminated = 0;
  disposed = false;

  constructor(
    readonly params: () => Promise<Record<string, unknown>>,
    log: string[],
  ) {
    this.log = log;
  }

  subscribe: LiveClient['subscribe'] = (payload, sink) => {
    const key = payload.query;
    const sub = { variables: payload.variables, key, sink, ended: false };
    this.subs.push(sub);
    this.log.push(`subscribe ${key} ${JSON.stringify(payload.variables)}`);
    return () => {
      if (!sub.ended) this.log.push(`end ${key} ${JSON.stringify(payload.variables)}`);
      sub.ended = true;
    };
  };

  on = ((event: Event, listener: (...args: unknown[]) => void) => {
    const set = this.listeners.get(event) ?? new Set();
    this.listeners.set(event, set);
    set.add(listener);
    return () => set.delete(listener);
  }) as LiveClient['on'];

  dispose = async () => {
    this.disposed = true;
  };

  terminate = () => {
    this.terminated += 1;
    this.drop({ code: 4499, reason: 'Terminated' });
  };

  emit(event: Event, ...args: unknown[]): void {
    for (const listener of [...(this.listeners.get(event) ?? [])]) listener(...args);
  }

  /** The open subscriptions, by the key the test gave (the query text). */
  open(): { key: string; variables: unknown }[] {
    return this.subs.filter((s) => !s.ended).map(({ key, variables }) => ({ key, variables }));
  }

  /** The socket ends: every subscription errors with the close event, as graphql-ws does with retryAttempts 0. */
  drop(event: unknown): void {
    this.emit('closed', event);
    for (const sub of this.subs.filter((s) => !s.ended)) {
      sub.ended = true;
      sub.sink.error(event);
    }
  }

  /**
   * The server refuses one subscription, the socket stays: `error` (graphql-ws's message for an operation refused
   * before it runs) or `next` with errors and no data, then `complete` (refused while running: FORBIDDEN).
   */
  refuse(key: string, errors: unknown[], how: 'error' | 'next' = 'error'): void {
    const sub = this.sub(key);
    sub.ended = true;
    if (how === 'error') return sub.sink.error(errors);
    sub.sink.next({ errors } as Parameters<Sink['next']>[0]);
    sub.sink.complete();
  }

  sub(key: string) {
    return this.subs.filter((s) => !s.ended && s.key === key).at(-1)!;
  }
}

function setup(overrides: Partial<LiveSocketDeps> = {}) {
  const log: string[] = [];
  const clients: FakeClient[] = [];
  const onConnected = vi.fn();
  let token: string | null = null;
  const deps: LiveSocketDeps = {
    createClient: (params) => {
      const client = new FakeClient(params, log);
      clients.push(client);
      return client;
    },
    token: () => token,
    refreshToken: vi.fn(async () => undefined),
    onConnected,
    random: () => 0.5,
    ...overrides,
  };
  const socket = new LiveSocket(deps);
  return {
    socket,
    log,
    deps,
    onConnected,
    setToken: (value: string | null) => void (token = value),
    client: () => clients.at(-1)!,
    clients,
  };
}

const wanted = (key: string, variables: Record<string, unknown>, next: (data: unknown) => void = () => undefined): Wanted => ({ key, query: key, variables, next });

afterEach(() => {
  vi.useRealTimers();
});

describe('the leader socket', () => {
  it('subscribes what is wanted, and starts a changed subscription before it ends the old one', () => {
    const { socket, log, client } = setup();
    socket.set([wanted('stock', { skuIds: [1, 2] }), wanted('prices', { productIds: [7] })]);
    expect(client().open()).toEqual([
      { key: 'stock', variables: { skuIds: [1, 2] } },
      { key: 'prices', variables: { productIds: [7] } },
    ]);
    log.length = 0;
    socket.set([wanted('stock', { skuIds: [1, 2, 3] }), wanted('prices', { productIds: [7] })]);
    // No moment without a subscription: the new one goes out first.
    expect(log).toEqual(['subscribe stock {"skuIds":[1,2,3]}', 'end stock {"skuIds":[1,2]}']);
    log.length = 0;
    socket.set([wanted('stock', { skuIds: [1, 2, 3] })]);
    expect(log).toEqual(['end prices {"productIds":[7]}']);
  });

  it('hands each event to the subscription that wants it, also the last ones of a subscription being replaced', () => {
    const { socket, client } = setup();
    const heard: unknown[] = [];
    socket.set([wanted('stock', { skuIds: [1] }, (data) => heard.push(data))]);
    const first = client().sub('stock');
    socket.set([wanted('stock', { skuIds: [1, 2] }, (data) => heard.push(data))]);
    first.sink.next({ data: { n: 1 } });
    client().sub('stock').sink.next({ data: { n: 2 } });
    expect(heard).toEqual([{ n: 1 }, { n: 2 }]);
  });

  it(`waits FIRST × 1.2^n between reconnects (at most ${MAX_RETRY_MS} ms, spread ±20 %), for ever`, async () => {
    expect([0, 1, 2, 3].map((n) => retryDelay(n, () => 0.5))).toEqual([1000, 1200, 1440, 1728]);
    expect(retryDelay(100, () => 0.5)).toBe(MAX_RETRY_MS);
    expect(retryDelay(0, () => 0)).toBe(800);
    expect(retryDelay(0, () => 1)).toBe(1200);
    vi.useFakeTimers();
    const { socket, client } = setup();
    socket.set([wanted('stock', { skuIds: [1] })]);
    for (const wait of [1000, 1200, 1440, 1728, 2074]) {
      client().drop({ code: 1006, reason: '' });
      expect(client().open()).toEqual([]);
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(client().open()).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(client().open()).toEqual([{ key: 'stock', variables: { skuIds: [1] } }]);
    }
    // A connect the server acknowledged starts the count again.
    client().emit('connected');
    client().drop({ code: 1006, reason: '' });
    await vi.advanceTimersByTimeAsync(1000);
    expect(client().open()).toHaveLength(1);
    // What is wanted meanwhile is what comes back.
    client().drop({ code: 1001, reason: '' });
    socket.set([wanted('stock', { skuIds: [1, 5] })]);
    expect(client().open()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1200);
    expect(client().open()).toEqual([{ key: 'stock', variables: { skuIds: [1, 5] } }]);
  });

  it('reconnects at once when the browser comes back online', () => {
    vi.useFakeTimers();
    const { socket, client } = setup();
    socket.set([wanted('stock', { skuIds: [1] })]);
    client().drop(new Error('socket error'));
    socket.online();
    return vi.waitFor(() => expect(client().open()).toHaveLength(1));
  });

  it('tells of each (re)connect the server acknowledged, for the leader to read what it missed', () => {
    const { socket, client, onConnected } = setup();
    socket.set([wanted('stock', { skuIds: [1] })]);
    client().emit('connecting', false);
    client().emit('connected');
    client().emit('connected');
    expect(onConnected).toHaveBeenCalledTimes(2);
  });

  it(`ends a socket whose pong does not come within ${PONG_TIMEOUT_MS} ms, and connects again`, async () => {
    vi.useFakeTimers();
    const { socket, client } = setup();
    socket.set([wanted('stock', { skuIds: [1] })]);
    client().emit('connected');
    // A pong in time: nothing happens.
    client().emit('ping', false);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS - 1);
    client().emit('pong', true);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(client().terminated).toBe(0);
    // The server's own pings need no answer from it.
    client().emit('ping', true);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(client().terminated).toBe(0);
    // None in time: the socket is ended, and the loop connects again.
    client().emit('ping', false);
    vi.advanceTimersByTime(PONG_TIMEOUT_MS);
    expect(client().terminated).toBe(1);
    expect(client().open()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(client().open()).toHaveLength(1);
  });

  it(`gives a connect up after ${CONNECT_TIMEOUT_MS} ms without the server's ack (at least ${MIN_CONNECT_TIMEOUT_MS} ms)`, () => {
    vi.useFakeTimers();
    const { socket, client } = setup();
    socket.set([wanted('stock', { skuIds: [1] })]);
    client().emit('connecting', false);
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS - 1);
    expect(client().terminated).toBe(0);
    vi.advanceTimersByTime(1);
    expect(client().terminated).toBe(1);
    // Acknowledged in time: left alone.
    vi.advanceTimersByTime(1000);
    client().emit('connecting', true);
    client().emit('connected');
    vi.advanceTimersByTime(CONNECT_TIMEOUT_MS);
    expect(client().terminated).toBe(1);

    const short = setup({ connectTimeoutMs: 10 });
    short.socket.set([wanted('stock', { skuIds: [1] })]);
    short.client().emit('connecting', false);
    vi.advanceTimersByTime(MIN_CONNECT_TIMEOUT_MS - 1);
    expect(short.client().terminated).toBe(0);
    vi.advanceTimersByTime(1);
    expect(short.client().terminated).toBe(1);
  });

  it('sends the token read at each connect, and has a refused one (4401) refreshed before connecting again', async () => {
    vi.useFakeTimers();
    const order: string[] = [];
    const { socket, client, setToken, log } = setup({
      refreshToken: vi.fn(async () => {
        order.push('refresh');
        setToken('fresh');
      }),
    });
    setToken('old');
    socket.set([wanted('cart', { id: 'c1' })]);
    expect(await client().params()).toEqual({ authorization: 'Bearer old' });
    log.length = 0;
    client().drop({ code: 4401, reason: 'Unauthorized' });
    await vi.advanceTimersByTimeAsync(1000);
    order.push(...log.filter((line) => line.startsWith('subscribe')).map(() => 'subscribe'));
    expect(order).toEqual(['refresh', 'subscribe']);
    expect(await client().params()).toEqual({ authorization: 'Bearer fresh' });
    // Refused again, but the cookie already holds a newer token (another tab refreshed it): that one is simply sent.
    setToken('newer');
    client().drop({ code: 4401, reason: 'Unauthorized' });
    await vi.advanceTimersByTimeAsync(1200);
    expect(order).toEqual(['refresh', 'subscribe']);
    expect(client().open()).toHaveLength(1);
    // Signed out: no token, no authorization.
    setToken(null);
    expect(await client().params()).toEqual({});
  });

  it.each(['error', 'next'] as const)('keeps the other subscriptions when the server refuses one (%s), and asks for that one again only once it changes', (how) => {
    const { socket, client, log } = setup();
    socket.set([wanted('stock', { skuIds: [1] }), wanted('cart', { id: 'theirs' })]);
    client().refuse('cart', [{ message: 'Forbidden', extensions: { code: 'FORBIDDEN' } }], how);
    expect(client().open()).toEqual([{ key: 'stock', variables: { skuIds: [1] } }]);
    log.length = 0;
    socket.set([wanted('stock', { skuIds: [1] }), wanted('cart', { id: 'theirs' })]);
    expect(log).toEqual([]);
    socket.set([wanted('stock', { skuIds: [1] }), wanted('cart', { id: 'mine' })]);
    expect(client().open()).toEqual([
      { key: 'stock', variables: { skuIds: [1] } },
      { key: 'cart', variables: { id: 'mine' } },
    ]);
  });

  it('restarts on a new connection (signed in or out): the old client goes, everything is subscribed on the new one', () => {
    const { socket, clients } = setup();
    socket.set([wanted('stock', { skuIds: [1] }), wanted('cart', { id: 'c' })]);
    const first = clients[0]!;
    socket.restart();
    expect(first.disposed).toBe(true);
    expect(first.open()).toEqual([]);
    expect(clients).toHaveLength(2);
    expect(clients[1]!.open()).toHaveLength(2);
    // What the old client still says is ignored.
    first.emit('connected');
    first.drop({ code: 1006, reason: '' });
    expect(clients[1]!.open()).toHaveLength(2);
  });

  it('stops for good: nothing reconnects after', () => {
    vi.useFakeTimers();
    const { socket, client } = setup();
    socket.set([wanted('stock', { skuIds: [1] })]);
    client().drop({ code: 1006, reason: '' });
    socket.stop();
    vi.advanceTimersByTime(MAX_RETRY_MS);
    socket.set([wanted('stock', { skuIds: [2] })]);
    expect(client().open()).toEqual([]);
  });
});
