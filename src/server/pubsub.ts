import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import { createPubSub } from 'graphql-yoga';
import { Redis } from 'ioredis';
import type { Stock } from './graphql/generated/resolvers-types';

export interface StockChangedEvent {
  skuId: number;
  productId: number;
  stock: Stock;
}

type Channels = { stockChanged: [StockChangedEvent] };

/**
 * In-process by default; with REDIS_URL every server instance publishes and receives through Redis, so a
 * subscriber connected to one instance sees stock changed through another.
 */
export function createAppPubSub(redisUrl?: string) {
  if (!redisUrl) return { pubsub: createPubSub<Channels>(), close: async () => undefined };
  const publishClient = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  // The ready check sends INFO, which a connection in subscriber mode refuses after a reconnect.
  const subscribeClient = new Redis(redisUrl, { maxRetriesPerRequest: 2, enableReadyCheck: false });
  const eventTarget = createRedisEventTarget({ publishClient, subscribeClient });
  return {
    pubsub: createPubSub<Channels>({ eventTarget }),
    close: async () => {
      publishClient.disconnect();
      subscribeClient.disconnect();
    },
  };
}

export type PubSub = ReturnType<typeof createAppPubSub>['pubsub'];
