import type { Db } from './db/client';
import type { AddressLimits } from './limits/address-limits';
import type { PubSub } from './pubsub';
import type { ShopVariant } from '../shared/shop';

/*
 * What one operation (a GraphQL request, a socket subscription, a page render's queries) hands the modules.
 * Below the modules: this file imports no module and no graphql/ code, so a module may take the context without
 * its types leading back to itself. graphql/context.ts assembles the concrete one; the services it carries are
 * described here by what the modules need of them and implemented in the modules (admin/tokens.ts,
 * auth/tokens.ts).
 */

/** Who a request is signed in as: the customer, the session its token belongs to, and the admin shopping as them. */
export interface CustomerSession {
  customerId: number;
  sessionId: string;
  shopAsAdminId: number | null;
}

/** What an admin bearer token says (modules/admin/tokens.ts signs and checks them). */
export interface AdminClaims {
  sub: number;
  email: string;
  role: 'admin';
  /** Expiry, seconds since the epoch. */
  exp: number;
  /** A keyed fingerprint of the password hash the token was issued under; another password revokes the token. */
  pwd: string;
}

/** Issues and checks admin bearer tokens. */
export interface AdminTokens {
  issue(user: { userId: number; email: string; passwordHash: string }, now?: number): Promise<{ token: string; claims: AdminClaims }>;
  /** The claims of a well-signed, unexpired token issued under the user's current password; null for anything else. */
  verify(token: string, now?: number): Promise<AdminClaims | null>;
  /** A short-lived token that only lets a browser see unpublished content (modules/content/preview.ts). */
  issuePreview(admin: AdminClaims, now?: number): Promise<{ token: string; exp: number }>;
  verifyPreview(token: string, now?: number): Promise<AdminClaims | null>;
}

/** The part of the customer tokens (modules/auth/tokens.ts) an operation uses: an admin's "shop as" link. */
export interface ShopAsTokens {
  issueShopAs(link: { linkId: string; customerId: number; exp: number }, now?: number): Promise<string>;
}

/** Per operation: whether its database still refuses queries after the deadline (graphql/operation-deadline.ts). */
export interface DeadlineSwitch {
  applies: boolean;
}

// A type alias, not an interface: Yoga requires the context to be assignable to Record<string, unknown>.
export type RequestContext = {
  /** The operation's database: it refuses new queries once the operation's deadline has passed. */
  db: Db;
  pubsub: PubSub;
  variant: ShopVariant;
  adminTokens: AdminTokens;
  customerTokens: ShopAsTokens;
  /** Where links the API hands out point: PUBLIC_URL, or this machine without it (env.ts publicOrigin). */
  origin: string;
  /** The registered payment provider new orders use (PAYMENT_PROVIDER). */
  paymentProvider: string;
  /** Per-address limits (guessing, logins), shared by every instance through Redis when configured. */
  limits: AddressLimits;
  /** How long each operation may start database queries (OPERATION_DEADLINE_MS; shorter in tests). */
  operationDeadlineMs: number;
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
  /**
   * Whether this operation may read unpublished content: an admin's bearer token, or the preview cookie's token
   * (page renders, and the browser's own requests; modules/content/preview.ts). Read once per operation.
   */
  previewer: () => Promise<boolean>;
  /** Turned off for mutations, which are never stopped halfway (operation-deadline.ts). */
  deadline: DeadlineSwitch;
};
