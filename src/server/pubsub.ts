import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { Db, Transaction } from './db/client';
import type { Stock } from './generated/api-types';

export interface StockChangedEvent {
  skuId: number;
  productId: number;
  stock: Stock;
}

export interface PricesChangedEvent {
  /** The products whose selling prices changed (a campaign started or ended). */
  productIds: number[];
}

/** A cart's change committed: its subscribers read the cart again (the event itself carries nothing of it). */
export interface CartChangedEvent {
  cartId: string;
}

/**
 * The channels. Those with an id are one topic per id (`skuStockChanged:42`): an event reaches only the processes
 * and sockets that watch that SKU or cart, and through Redis only the instances that subscribed its channel.
 */
type Channels = {
  /** Every SKU's stock changes: the back-in-stock notifier, and stockChanged without skuIds. */
  stockChanged: [StockChangedEvent];
  /** The same changes, per SKU. */
  skuStockChanged: [skuId: number, event: StockChangedEvent];
  pricesChanged: [PricesChangedEvent];
  cartChanged: [cartId: string, event: CartChangedEvent];
};

export type ChannelName = keyof Channels;

/** The event of a channel, whether it has ids or not. */
export type ChannelEvent<C extends ChannelName> = Channels[C] extends [infer E] ? E : Channels[C] extends [unknown, infer E] ? E : never;

/** A topic as the event target names it: the channel, and `:id` for a channel with ids (Yoga's createPubSub does the same). */
export const topicOf = (channel: ChannelName, id?: string | number): string => (id === undefined ? channel : `${channel}:${id}`);

type EventTarget = ReturnType<typeof createRedisEventTarget>;

/**
 * Channels under a prefix, so apps sharing one Redis (test files running side by side) hear only their own events,
 * as the limits' counters keep apart by their prefix. The shop itself uses none.
 */
function withChannelPrefix(target: EventTarget, prefix: string): EventTarget {
  if (!prefix) return target;
  return {
    addEventListener: (type, listener, options) => target.addEventListener(prefix + type, listener, options),
    removeEventListener: (type, listener, options) => target.removeEventListener(prefix + type, listener, options),
    dispatchEvent: (event) => target.dispatchEvent(new CustomEvent(prefix + event.type, { detail: event.detail })),
  };
}

/** Calls `listener` with each event of the topic until the returned function is called. */
export type Listen = (topic: string, listener: (event: unknown) => void) => () => void;

function listenOn(target: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>): Listen {
  return (topic, listener) => {
    const callback = (event: Event) => listener((event as CustomEvent).detail);
    target.addEventListener(topic, callback);
    return () => target.removeEventListener(topic, callback);
  };
}

const REDIS_COMMANDS_LEFT_UNHANDLED = new Set(['publish', 'subscribe', 'unsubscribe']);

function logRedisError(error: unknown): void {
  console.error(`Redis: ${error instanceof Error ? error.message : String(error)}`);
}

/**
 * The client with its publish, subscribe and unsubscribe answering errors to `onError`. ioredis rejects a command
 * it could not send within its retries (Redis restarting), and the event target leaves those promises unhandled,
 * which ends a Node process: every instance would go down with Redis. An event lost that way is caught up by the
 * browsers, which read again after their socket reconnects; a topic whose subscribe failed is asked for again once
 * the connection is back (ioredis resubscribes by itself only what it had subscribed).
 */
function catching(client: Redis, onError: (error: unknown) => void): Redis {
  return new Proxy(client, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function') return value;
      if (typeof property === 'string' && REDIS_COMMANDS_LEFT_UNHANDLED.has(property)) {
        const send = (args: unknown[]): Promise<unknown> =>
          (value.apply(target, args) as Promise<unknown>).catch((error: unknown) => {
            onError(error);
            if (property === 'subscribe') target.once('ready', () => void send(args));
          });
        return (...args: unknown[]) => send(args);
      }
      return value.bind(target);
    },
  });
}

/**
 * In-process by default; with REDIS_URL every server instance publishes and receives through Redis, so a
 * subscriber connected to one instance sees stock changed through another. `listen` is the event target itself,
 * for the socket's fan-out (graphql/live.ts): one listener per topic and process, whatever the subscribers.
 */
export function createAppPubSub(redisUrl?: string, channelPrefix = '', onRedisError: (error: unknown) => void = logRedisError) {
  if (!redisUrl) {
    const eventTarget = new globalThis.EventTarget();
    return { pubsub: createPubSub<Channels>({ eventTarget: eventTarget as EventTarget }), listen: listenOn(eventTarget as EventTarget), close: async () => undefined };
  }
  const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // The ready check sends INFO, which a connection in subscriber mode refuses after a reconnect.
  const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableReadyCheck: false });
  const eventTarget = withChannelPrefix(
    createRedisEventTarget({ publishClient: catching(publishClient, onRedisError), subscribeClient: catching(subscribeClient, onRedisError) }),
    channelPrefix,
  );
  return {
    pubsub: createPubSub<Channels>({ eventTarget }),
    listen: listenOn(eventTarget),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

export type PubSub = ReturnType<typeof createAppPubSub>['pubsub'];

/**
 * What one transaction tells subscribers once it has committed. Services record their changes here as they make
 * them; publishAfterCommit publishes them, so a change rolled back is never heard of.
 */
export interface Outbox {
  stockChanged(event: StockChangedEvent): void;
  cartChanged(cartId: string): void;
  pricesChanged(productIds: readonly number[]): void;
}

/** Collects a transaction's events; `publish` sends them (each cart once, however often it was written). */
export function createOutbox(pubsub: PubSub): Outbox & { publish(): void } {
  const stock: StockChangedEvent[] = [];
  const carts = new Set<string>();
  const products = new Set<number>();
  return {
    stockChanged: (event) => void stock.push(event),
    cartChanged: (cartId) => void carts.add(cartId),
    pricesChanged: (productIds) => productIds.forEach((id) => products.add(id)),
    publish() {
      for (const event of stock) {
        pubsub.publish('stockChanged', event);
        pubsub.publish('skuStockChanged', event.skuId, event);
      }
      for (const cartId of carts) pubsub.publish('cartChanged', cartId, { cartId });
      if (products.size > 0) pubsub.publish('pricesChanged', { productIds: [...products].sort((a, b) => a - b) });
    },
  };
}

/** Runs `work` in one transaction and publishes what it recorded in the outbox once the transaction has committed. */
export async function publishAfterCommit<T>(db: Db, pubsub: PubSub, work: (tx: Transaction, outbox: Outbox) => Promise<T>): Promise<T> {
  const outbox = createOutbox(pubsub);
  const result = await db.transaction((tx) => work(tx, outbox));
  outbox.publish();
  return result;
}
