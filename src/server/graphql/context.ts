import type { Db } from '../db/client';
import type { PubSub } from '../pubsub';
import { createCatalogLoaders, type CatalogLoaders } from '../modules/catalog/loaders';

// A type alias, not an interface: Yoga requires the context to be assignable to Record<string, unknown>.
export type GraphQLContext = {
  db: Db;
  pubsub: PubSub;
  variant: 'games' | 'candy';
  loaders: CatalogLoaders;
};

export function createContext(base: { db: Db; pubsub: PubSub; variant: 'games' | 'candy' }): GraphQLContext {
  return { ...base, loaders: createCatalogLoaders(base.db) };
}
