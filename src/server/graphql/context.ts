import type { Db } from '../db/client';
import type { PubSub } from '../pubsub';
import { withDeadline } from './operation-deadline';
import { bearerToken } from '../modules/admin';
import { sessionOfToken, type CustomerTokens } from '../modules/auth';
import type { AddressLimits } from '../limits/address-limits';
import type { AdminTokens, CustomerSession, DeadlineSwitch, RequestContext } from '../request-context';
import type { ShopVariant } from '../../shared/shop';

/** What every operation's context shares, made once at start (app.ts). */
export interface ContextBase {
  db: Db;
  pubsub: PubSub;
  variant: ShopVariant;
  adminTokens: AdminTokens;
  customerTokens: CustomerTokens;
  origin: string;
  paymentProvider: string;
  limits: AddressLimits;
  operationDeadlineMs: number;
}

/** The context resolvers receive: the request context (request-context.ts), which modules type against. */
export type GraphQLContext = RequestContext;

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
  /**
   * Over the websocket: the token the connection sent in connectionParams (checked when it connected). Each
   * operation's context, and each event's (live.ts makes one per event), checks its session again.
   */
  socketToken?: string | null;
  /** The preview cookie's token, when the server may go by it (as customerCookieToken). */
  previewToken?: string | null;
}

/** One operation's context, made when it starts: its database refuses new queries after the deadline. */
export function createContext(base: ContextBase, initial: InitialContext = {}): GraphQLContext {
  const deadline: DeadlineSwitch = { applies: true };
  const db = withDeadline(base.db, Date.now() + base.operationDeadlineMs, Date.now, () => deadline.applies);
  const authorization = initial.request?.headers.get('authorization') ?? null;
  let customer: Promise<CustomerSession | null> | undefined;
  let previewer: Promise<boolean> | undefined;
  const mayPreview = async () => {
    const bearer = bearerToken(authorization);
    if (bearer && (await base.adminTokens.verify(bearer))) return true;
    return Boolean(initial.previewToken && (await base.adminTokens.verifyPreview(initial.previewToken)));
  };
  return {
    ...base,
    db,
    deadline,
    authorization,
    customer: () => (customer ??= sessionOfToken(db, base.customerTokens, bearerToken(authorization) ?? initial.customerCookieToken ?? initial.socketToken)),
    previewer: () => (previewer ??= mayPreview()),
    // Never the raw peer address: that ignores TRUST_PROXY (behind a proxy, every client would be the proxy).
    clientAddress: initial.clientAddress ?? 'server',
    transport: initial.transport ?? 'http',
  };
}
