import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import type { ValidationRule } from 'graphql';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { adminResolvers } from '../modules/admin/resolvers';
import { authResolvers } from '../modules/auth/resolvers';
import { cartResolvers } from '../modules/cart/resolvers';
import { checkoutResolvers } from '../modules/checkout/resolvers';
import { orderResolvers } from '../modules/order/resolvers';
import { catalogResolvers } from '../modules/catalog/resolvers';
import { contentResolvers } from '../modules/content/resolvers';
import { customerResolvers } from '../modules/customer/resolvers';
import { notificationResolvers } from '../modules/notifications/resolvers';
import type { Resolvers } from './generated/resolvers-types';
import type { SubscriptionPricesChangedArgs } from '../generated/api-types';
import type { PricesChangedEvent, StockChangedEvent } from '../pubsub';
import { invalidInput } from '../domain-error';
import { liveEventExecution, liveSource } from './live';
import type { GraphQLContext, InitialContext } from './context';
import { inputGuardPlugin } from './input-guard';
import { MAX_FOLLOWED_IDS } from '../../shared/limits';
import { listNestingRule } from './limits/list-nesting';
import { noIntrospectionRule } from './limits/no-introspection';
import { operationCostRule } from './limits/operation-cost';
import { loggedMaskError, type ErrorLogger } from './masked-errors';
import { domainErrorsAnswered } from './errors';
import { socketOnlySubscriptions } from './socket-only-subscriptions';
import { persistedCatalogOperations } from './persisted-operations';
import { mutationsRunToTheEnd } from './operation-deadline';

const sdl = import.meta.glob<string>(['./base.graphql', '../modules/*/schema.graphql'], {
  query: '?raw',
  import: 'default',
  eager: true,
});


const followedIds = (ids: readonly number[] | null | undefined, what: string): number[] | null => {
  if (!ids) return null;
  const unique = [...new Set(ids)];
  if (unique.length > MAX_FOLLOWED_IDS) throw invalidInput(`${what} may hold at most ${MAX_FOLLOWED_IDS} ids`);
  return unique;
};

/** Bumped when a change to the schema makes a client's persisted cache unreadable. */
const SCHEMA_VERSION = 1;

const rootResolvers: Resolvers = {
  Query: {
    shop: (_, __, ctx) => ({ variant: ctx.variant, schemaVersion: SCHEMA_VERSION }),
  },
  Subscription: {
    stockChanged: {
      // One topic per SKU: a change reaches only its watchers; the answer is the event's, shared by every
      // subscriber with the same selection.
      subscribe: (_, args, ctx) => {
        const skuIds = followedIds(args.skuIds, 'skuIds');
        const topics = skuIds ? skuIds.map((id) => ({ channel: 'skuStockChanged' as const, id })) : [{ channel: 'stockChanged' as const }];
        return liveSource(ctx, { topics, sharing: 'event' });
      },
      resolve: (event: StockChangedEvent) => event,
    },
    pricesChanged: {
      // Rare (a campaign starts or ends), so one topic; each subscriber hears the products it asked for.
      subscribe: (_, args, ctx) => {
        const wanted = followedIds(args.productIds, 'productIds');
        const set = wanted && new Set(wanted);
        return liveSource(ctx, {
          topics: [{ channel: 'pricesChanged' }],
          accept: (event) => !set || (event as PricesChangedEvent).productIds.some((id) => set.has(id)),
          sharing: 'arguments',
        });
      },
      resolve: (event: PricesChangedEvent, args: Partial<SubscriptionPricesChangedArgs>) => {
        const wanted = args.productIds && new Set(args.productIds);
        return { productIds: wanted ? event.productIds.filter((id) => wanted.has(id)) : event.productIds };
      },
    },
  },
};

const typeDefs = Object.keys(sdl)
  .sort((a, b) => (a.includes('base.graphql') ? -1 : b.includes('base.graphql') ? 1 : a.localeCompare(b)))
  .map((key) => sdl[key] as string);

export function buildSchema() {
  return createSchema<GraphQLContext & Record<string, unknown>>({
    typeDefs,
    // Yoga (graphql-tools) merges the modules' resolver maps, each typed by the generated Resolvers.
    resolvers: [rootResolvers, catalogResolvers, contentResolvers, cartResolvers, notificationResolvers, checkoutResolvers, orderResolvers, adminResolvers, authResolvers, customerResolvers],
  });
}

/**
 * The most aliases one operation may use. The shop's own operations use at most 5 (layout.graphql's menus); more
 * would let one request repeat a mutation many times, such as setCartGiftCard to try a thousand codes.
 */
const MAX_ALIASES = 15;

const validationRules = (rules: ValidationRule[]): Plugin => ({
  onValidate: ({ addValidationRule }) => rules.forEach((rule) => addValidationRule(rule)),
});

/**
 * Limits that keep one request from holding the server: nesting depth, aliases, list fields nested in lists of
 * their own type, and a cost that multiplies by every list's length. They are validation rules, so they apply
 * alike over POST, GET and the websocket (websocket.ts validates through the same envelop).
 */
const limitPlugins = (): Plugin[] => [
  maxDepthPlugin({ n: 8, flattenFragments: true }) as Plugin,
  maxAliasesPlugin({ n: MAX_ALIASES }) as Plugin,
  validationRules([listNestingRule, operationCostRule()]),
];

/** Off in production; codegen reads the SDL files, not a running server, and GraphiQL needs it in development. */
const noIntrospection = (): Plugin => validationRules([noIntrospectionRule]);

export interface YogaOptions {
  production: boolean;
  logger: ErrorLogger;
  /**
   * The one origin (PUBLIC_URL's) that may read answers from another origin with credentials; unset: none may,
   * and the shop's own pages, being same-origin, need no CORS at all.
   */
  corsOrigin?: string;
}

export function buildYoga(createContext: (initial: InitialContext) => GraphQLContext, options: YogaOptions) {
  return createYoga<Record<string, unknown>, GraphQLContext>({
    schema: buildSchema(),
    context: createContext,
    graphqlEndpoint: '/graphql',
    // Yoga's default reflects any Origin with credentials, which would let any site read a shopper's answers.
    cors: (request) => (options.corsOrigin && request.headers.get('origin') === options.corsOrigin ? { origin: [options.corsOrigin], credentials: true } : false),
    plugins: [persistedCatalogOperations(), ...limitPlugins(), inputGuardPlugin(), socketOnlySubscriptions(), mutationsRunToTheEnd(), liveEventExecution(), ...(options.production ? [noIntrospection()] : [])],
    // Always on: a service's DomainError becomes its GraphQL error here; only production masks the rest.
    maskedErrors: { maskError: domainErrorsAnswered(options.production ? loggedMaskError(options.logger) : (error) => error as Error) },
    graphiql: !options.production,
    landingPage: false,
    logging: false,
  });
}
