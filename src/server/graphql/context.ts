import type { Db } from '../db/client';
import type { PubSub } from '../pubsub';
import { createCatalogLoaders, type CatalogLoaders } from '../modules/catalog/loaders';
import type { AdminTokens } from '../modules/admin/tokens';

export interface ContextBase {
  db: Db;
  pubsub: PubSub;
  variant: 'games' | 'candy';
  adminTokens: AdminTokens;
  /** The registered payment provider new orders use (PAYMENT_PROVIDER). */
  paymentProvider: string;
}

// A type alias, not an interface: Yoga requires the context to be assignable to Record<string, unknown>.
export type GraphQLContext = ContextBase & {
  loaders: CatalogLoaders;
  /** The request's Authorization header (admin bearer tokens); null over the websocket and in page renders. */
  authorization: string | null;
};

export function createContext(base: ContextBase, request?: { headers: { get(name: string): string | null } }): GraphQLContext {
  return { ...base, loaders: createCatalogLoaders(base.db), authorization: request?.headers.get('authorization') ?? null };
}
