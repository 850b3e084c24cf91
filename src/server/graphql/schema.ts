import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { filter, pipe } from 'graphql-yoga';
import { adminResolvers } from '../modules/admin/resolvers';
import { cartResolvers } from '../modules/cart/resolvers';
import { checkoutResolvers } from '../modules/checkout/resolvers';
import { orderResolvers } from '../modules/order/resolvers';
import { catalogResolvers } from '../modules/catalog/resolvers';
import { contentResolvers } from '../modules/content/resolvers';
import { notificationResolvers } from '../modules/notifications/resolvers';
import type { Resolvers } from './generated/resolvers-types';
import type { StockChangedEvent } from '../pubsub';
import type { GraphQLContext, InitialContext } from './context';
import { inputGuardPlugin } from './input-guard';
import { loggedMaskError, type ErrorLogger } from './masked-errors';

const sdl = import.meta.glob<string>(['./base.graphql', '../modules/*/schema.graphql'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** Bumped when a change to the schema makes a client's persisted cache unreadable. */
export const SCHEMA_VERSION = 1;

const rootResolvers: Resolvers = {
  Query: {
    shop: (_, __, ctx) => ({ variant: ctx.variant, schemaVersion: SCHEMA_VERSION }),
  },
  Subscription: {
    stockChanged: {
      subscribe: (_, args, ctx) => {
        const wanted = args.skuIds ? new Set(args.skuIds) : null;
        return pipe(
          ctx.pubsub.subscribe('stockChanged'),
          filter((event) => !wanted || wanted.has(event.skuId)),
        );
      },
      resolve: (event: StockChangedEvent) => event,
    },
  },
};

function mergeResolvers(...all: Resolvers[]): Resolvers {
  const merged: Record<string, Record<string, unknown>> = {};
  for (const resolvers of all) {
    for (const [type, fields] of Object.entries(resolvers)) merged[type] = { ...merged[type], ...fields };
  }
  return merged as Resolvers;
}

export const typeDefs = Object.keys(sdl)
  .sort((a, b) => (a.includes('base.graphql') ? -1 : b.includes('base.graphql') ? 1 : a.localeCompare(b)))
  .map((key) => sdl[key] as string);

export function buildSchema() {
  return createSchema<GraphQLContext & Record<string, unknown>>({
    typeDefs,
    resolvers: mergeResolvers(rootResolvers, catalogResolvers, contentResolvers, cartResolvers, notificationResolvers, checkoutResolvers, orderResolvers, adminResolvers) as never,
  });
}

/**
 * The most aliases one operation may use. The shop's own operations use at most 5 (layout.graphql's menus); more
 * would let one request repeat a mutation many times, such as setCartGiftCard to try a thousand codes.
 */
export const MAX_ALIASES = 15;

/** Limits that keep one request from asking for the whole catalog through nesting, or repeating a field. */
export const armorPlugins = (): Plugin[] => [
  maxDepthPlugin({ n: 8, flattenFragments: true }) as Plugin,
  maxAliasesPlugin({ n: MAX_ALIASES }) as Plugin,
  costLimitPlugin({ maxCost: 20_000, objectCost: 2, scalarCost: 1, depthCostFactor: 1.5 }) as Plugin,
];

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
    plugins: [...armorPlugins(), inputGuardPlugin()],
    maskedErrors: options.production ? { maskError: loggedMaskError(options.logger) } : false,
    graphiql: !options.production,
    landingPage: false,
    logging: false,
  });
}
