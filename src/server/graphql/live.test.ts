import { parse, type ExecutionResult } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { createLiveHub, SLOW_CONSUMER_CLOSE, type LiveSpec, type LiveSubscription } from './live';

/** A socket that records what is sent to it; `bufferedAmount` as a test sets it. */
function fakeSocket() {
  const sent: unknown[] = [];
  const socket = {
    readyState: 1,
    bufferedAmount: 0,
    closedWith: null as number | null,
    send: (data: string) => void sent.push(JSON.parse(data)),
    close(code: number) {
      socket.closedWith = code;
      socket.readyState = 2;
    },
  };
  return { socket, sent, ws: socket as unknown as WebSocket };
}

/** An in-process event target: the hub's listen, and a publish that waits for the hub's deliveries. */
function bus() {
  const listeners = new Map<string, Set<(event: unknown) => void>>();
  return {
    listen: (topic: string, listener: (event: unknown) => void) => {
      const set = listeners.get(topic) ?? new Set();
      listeners.set(topic, set.add(listener));
      return () => void set.delete(listener);
    },
    publish: async (topic: string, event: unknown) => {
      for (const listener of listeners.get(topic) ?? []) listener(event);
      // Deliveries run a few promise turns after the publish.
      for (let i = 0; i < 20; i++) await Promise.resolve();
      await new Promise((resolve) => setImmediate(resolve));
    },
    listening: (topic: string) => listeners.get(topic)?.size ?? 0,
  };
}

const STOCK = parse('subscription ($s: [Int!]) { stockChanged(skuIds: $s) { skuId } }');

describe('the live hub', () => {
  function setup(maxBufferedBytes = 1024) {
    const events = bus();
    const errors: unknown[] = [];
    const hub = createLiveHub({ listen: events.listen, maxBufferedBytes, onError: (error) => errors.push(error) });
    let executions = 0;
    const add = (id: string, spec: LiveSpec, variables: Record<string, unknown>, answer: (event: unknown) => ExecutionResult | Promise<ExecutionResult> = (event) => ({ data: { event } })) => {
      const { socket, sent, ws } = fakeSocket();
      const subscription: LiveSubscription = {
        socket: ws,
        id,
        spec,
        document: STOCK,
        operationName: undefined,
        variables,
        execute: async (event) => {
          executions++;
          return answer(event);
        },
      };
      return { socket, sent, stop: hub.add(subscription) };
    };
    return { events, hub, add, errors, executions: () => executions };
  }

  it('executes once per event for subscribers whose answers are the same, however their root arguments differ', async () => {
    const { events, add, executions } = setup();
    const spec: LiveSpec = { topics: [{ channel: 'skuStockChanged', id: 1 }], sharing: 'event' };
    const a = add('a', spec, { s: [1, 2] });
    const b = add('b', spec, { s: [1] });
    await events.publish('skuStockChanged:1', { skuId: 1 });
    expect(executions()).toBe(1);
    expect(a.sent).toEqual([{ id: 'a', type: 'next', payload: { data: { event: { skuId: 1 } } } }]);
    expect(b.sent).toEqual([{ id: 'b', type: 'next', payload: { data: { event: { skuId: 1 } } } }]);
    // By arguments: the two differ, so two executions.
    const byArguments: LiveSpec = { topics: [{ channel: 'pricesChanged' }], sharing: 'arguments' };
    add('c', byArguments, { p: [1] });
    add('d', byArguments, { p: [2] });
    await events.publish('pricesChanged', { productIds: [1, 2] });
    expect(executions()).toBe(3);
  });

  it('listens once per topic, and stops listening when its last subscriber stops', async () => {
    const { events, add } = setup();
    const spec: LiveSpec = { topics: [{ channel: 'skuStockChanged', id: 7 }], sharing: 'event' };
    const first = add('a', spec, {});
    const second = add('b', spec, {});
    expect(events.listening('skuStockChanged:7')).toBe(1);
    first.stop();
    second.stop();
    expect(events.listening('skuStockChanged:7')).toBe(0);
    await events.publish('skuStockChanged:7', { skuId: 7 });
    expect(first.sent).toEqual([]);
  });

  it('closes a slow consumer (1013) instead of buffering for it, and still serves the others', async () => {
    const { events, add } = setup(1024);
    const spec: LiveSpec = { topics: [{ channel: 'stockChanged' }], sharing: 'event' };
    const slow = add('slow', spec, {});
    const fast = add('fast', spec, {});
    slow.socket.bufferedAmount = 2048;
    await events.publish('stockChanged', { skuId: 1 });
    expect(slow.socket.closedWith).toBe(SLOW_CONSUMER_CLOSE);
    expect(slow.sent).toEqual([]);
    expect(fast.sent).toHaveLength(1);
  });

  it('lets the event loop run after every 500 sends of one event, and still reaches every socket', async () => {
    const { events, add } = setup();
    const spec: LiveSpec = { topics: [{ channel: 'skuStockChanged', id: 3 }], sharing: 'event' };
    const sockets = Array.from({ length: 1_200 }, (_, i) => add(`s${i}`, spec, {}));
    const reached = () => sockets.filter((s) => s.sent.length > 0).length;
    const published = events.publish('skuStockChanged:3', { skuId: 3 });
    // Queued before the fan-out's first pause: it runs between the first 500 sends and the rest.
    const between = new Promise<number>((resolve) => setImmediate(() => resolve(reached())));
    expect(await between).toBe(500);
    await published;
    await expect.poll(reached).toBe(1_200);
  });

  it("runs a subscriber's own answers one at a time, sends only changed ones, and follows what its answer says", async () => {
    const { events, add } = setup();
    let state = 1;
    const spec: LiveSpec = { topics: [{ channel: 'cartChanged', id: 'c' }], sharing: 'subscriber' };
    const cart = add('cart', spec, {}, () => ({ data: { state } }));
    await events.publish('cartChanged:c', { cartId: 'c' });
    await events.publish('cartChanged:c', { cartId: 'c' });
    expect(cart.sent).toEqual([{ id: 'cart', type: 'next', payload: { data: { state: 1 } } }]);
    state = 2;
    await events.publish('cartChanged:c', { cartId: 'c' });
    expect(cart.sent).toHaveLength(2);
  });

  it("answers a subscriber's run asked for while one was running with the latest event, not the first", async () => {
    const { events, add } = setup();
    const spec: LiveSpec = { topics: [{ channel: 'cartChanged', id: 'c' }], sharing: 'subscriber' };
    let release!: () => void;
    const slowRead = new Promise<void>((resolve) => (release = resolve));
    const seen: unknown[] = [];
    const cart = add('cart', spec, {}, async (event) => {
      seen.push(event);
      // The first run is a slow read: two more events come meanwhile.
      if (seen.length === 1) await slowRead;
      return { data: { event } };
    });
    await events.publish('cartChanged:c', { n: 1 });
    await events.publish('cartChanged:c', { n: 2 });
    await events.publish('cartChanged:c', { n: 3 });
    release();
    await expect.poll(() => cart.sent.at(-1)).toEqual({ id: 'cart', type: 'next', payload: { data: { event: { n: 3 } } } });
    expect(seen).toEqual([{ n: 1 }, { n: 3 }]);
  });

  it('is settled only once every received event is answered, the run asked for during a slow one included', async () => {
    const { events, hub, add } = setup();
    const spec: LiveSpec = { topics: [{ channel: 'cartChanged', id: 'c' }], sharing: 'subscriber' };
    const gates: (() => void)[] = [];
    const cart = add('cart', spec, {}, async (event) => {
      await new Promise<void>((resolve) => gates.push(resolve));
      return { data: { event } };
    });
    await hub.settled();
    await events.publish('cartChanged:c', { n: 1 });
    await events.publish('cartChanged:c', { n: 2 });
    expect(hub.lastReceived('cartChanged', 'c')).toEqual({ n: 2 });
    let settled = false;
    void hub.settled().then(() => (settled = true));
    gates.shift()!();
    await expect.poll(() => gates.length).toBe(1);
    expect(settled).toBe(false);
    gates.shift()!();
    await expect.poll(() => settled).toBe(true);
    expect(cart.sent.map((m) => (m as { payload: unknown }).payload)).toEqual([{ data: { event: { n: 1 } } }, { data: { event: { n: 2 } } }]);
  });

  it('closes the connection with 4401 when a subscriber-specific answer says its session ended', async () => {
    const { events, add } = setup();
    const spec: LiveSpec = { topics: [{ channel: 'cartChanged', id: 'c' }], sharing: 'subscriber' };
    const cart = add('cart', spec, {}, () => ({ errors: [{ message: 'ended', extensions: { code: 'UNAUTHENTICATED' } }] }) as unknown as ExecutionResult);
    await events.publish('cartChanged:c', { cartId: 'c' });
    expect(cart.socket.closedWith).toBe(4401);
    expect(cart.sent).toEqual([]);
  });
});
