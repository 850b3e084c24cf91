import type { Db } from '../db/client';
import type { PubSub } from '../pubsub';
import { createCatalogLoaders, type CatalogLoaders } from '../modules/catalog';
import { withDeadline, type DeadlineSwitch } from './operation-deadline';
import { bearerToken, type AdminTokens } from '../modules/admin';
import { sessionOfToken, type CustomerSession, type CustomerTokens } from '../modules/auth';
import type { AddressLimits } from '../limits/address-limits';
import type { ShopVariant } from '../../shared/shop';

export interface ContextBase {
  db: Db;
  pubsub: PubSub;
  variant: ShopVariant;
  adminTokens: AdminTokens;
  customerTokens: CustomerTokens;
  /** Where links the API hands out point: PUBLIC_URL, or this machine without it (env.ts publicOrigin). */
  origin: string;
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
  /**
   * The signed-in customer, read once per operation: from 'Authorization: Bearer', else the apollo-token cookie
   * (page renders, and the browser's own requests). Null without a token or with one whose session no longer
   * counts (logged out, password changed, expired, account deleted). Resolvers use requireSignedIn / requireAccountOwner (signed-in.ts).
   */
  customer: () => Promise<CustomerSession | null>;
  /** Turned off for mutations, which are never stopped halfway (operation-deadline.ts). */
  deadline: DeadlineSwitch;
};

/** What Yoga hands the context factory: the HTTP server context (app.ts) or the websocket's (websocket.ts). */
export interface InitialContext {
  request?: { headers: { get(name: string): string | null } };
  clientAddress?: string;
  /**
   * The apollo-token cookie of the request, when the server may go by it: page renders, and /graphql requests
   * the browser marks as the shop's own (app.ts). A Bearer header wins over it.
   */
  customerCookieToken?: string | null;
  /** Set by websocket.ts; anything else is HTTP or a page render. */
  transport?: 'websocket';
}

/** One operation's context, made when it starts: its database refuses new queries after the deadline. */
export function createContext(base: ContextBase, initial: InitialContext = {}): GraphQLContext {
  const deadline: DeadlineSwitch = { applies: true };
  const db = withDeadline(base.db, Date.now() + base.operationDeadlineMs, Date.now, () => deadline.applies);
  const authorization = initial.request?.headers.get('authorization') ?? null;
  let customer: Promise<CustomerSession | null> | undefined;
  return {
    ...base,
    db,
    deadline,
    loaders: createCatalogLoaders(db),
    authorization,
    customer: () => (customer ??= sessionOfToken(db, base.customerTokens, bearerToken(authorization) ?? initial.customerCookieToken)),
    // Never the raw peer address: that ignores TRUST_PROXY (behind a proxy, every client would be the proxy).
    clientAddress: initial.clientAddress ?? 'server',
    transport: initial.transport ?? 'http',
  };
}
