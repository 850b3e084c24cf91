import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { Stock } from './generated/api-types';

export interface StockChangedEvent {
  skuId: number;
  productId: number;
  stock: Stock;
}

type Channels = { stockChanged: [StockChangedEvent] };

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

/**
 * In-process by default; with REDIS_URL every server instance publishes and receives through Redis, so a
 * subscriber connected to one instance sees stock changed through another.
 */
export function createAppPubSub(redisUrl?: string, channelPrefix = '') {
  if (!redisUrl) return { pubsub: createPubSub<Channels>(), close: async () => undefined };
  const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // The ready check sends INFO, which a connection in subscriber mode refuses after a reconnect.
  const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableReadyCheck: false });
  const eventTarget = withChannelPrefix(createRedisEventTarget({ publishClient, subscribeClient }), channelPrefix);
  return {
    pubsub: createPubSub<Channels>({ eventTarget }),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

export type PubSub = ReturnType<typeof createAppPubSub>['pubsub'];
