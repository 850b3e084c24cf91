import type { Db } from '../db/client';
import type { PubSub } from '../pubsub';
import { createCatalogLoaders, type CatalogLoaders } from '../modules/catalog';
import { withDeadline, type DeadlineSwitch } from './operation-deadline';
import type { AdminTokens } from '../modules/admin';
import type { AddressLimits } from '../limits/address-limits';
import type { ShopVariant } from '../../shared/shop';

export interface ContextBase {
  db: Db;
  pubsub: PubSub;
  variant: ShopVariant;
  adminTokens: AdminTokens;
  /** The registered payment provider new orders use (PAYMENT_PROVIDER). */
  paymentProvider: string;
  /** Per-address limits (guessing, logins), shared by every instance through Redis when configured. */
  limits: AddressLimits;
  /** How long each operation may start database queries (OPERATION_DEADLINE_MS; shorter in tests). */
  operationDeadlineMs: number;
}

// A type alias, not an interface: Yoga requires the context to be assignable to Record<string, unknown>.
export type GraphQLContext = ContextBase & {
  loaders: CatalogLoaders;
  /** The request's Authorization header (admin bearer tokens); null over the websocket and in page renders. */
  authorization: string | null;
  /**
   * The client's address: Fastify's req.ip over HTTP (so TRUST_PROXY decides whether X-Forwarded-For counts),
   * the same decided from the upgrade request over the websocket (websocket.ts), and 'server' in page renders,
   * which run no mutations.
   */
  clientAddress: string;
  /** Where the operation came from: subscriptions are served over the websocket only (socket-only-subscriptions.ts). */
  transport: 'http' | 'websocket';
  /** Turned off for mutations, which are never stopped halfway (operation-deadline.ts). */
  deadline: DeadlineSwitch;
};

/** What Yoga hands the context factory: the HTTP server context (app.ts) or the websocket's (websocket.ts). */
export interface InitialContext {
  request?: { headers: { get(name: string): string | null } };
  clientAddress?: string;
  /** Set by websocket.ts; anything else is HTTP or a page render. */
  transport?: 'websocket';
}

/** One operation's context, made when it starts: its database refuses new queries after the deadline. */
export function createContext(base: ContextBase, initial: InitialContext = {}): GraphQLContext {
  const deadline: DeadlineSwitch = { applies: true };
  const db = withDeadline(base.db, Date.now() + base.operationDeadlineMs, Date.now, () => deadline.applies);
  return {
    ...base,
    db,
    deadline,
    loaders: createCatalogLoaders(db),
    authorization: initial.request?.headers.get('authorization') ?? null,
    // Never the raw peer address: that ignores TRUST_PROXY (behind a proxy, every client would be the proxy).
    clientAddress: initial.clientAddress ?? 'server',
    transport: initial.transport ?? 'http',
  };
}
