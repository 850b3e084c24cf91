import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { GraphQLContext } from './context';
import { persistedOperations } from './generated/persisted-operations';

interface PersistedQueryParam {
  persistedQuery?: { sha256Hash?: unknown };
}

/**
 * Catalog queries arrive as GET with only a hash (src/shared/catalog-queries.ts): the text comes from the list
 * codegen wrote, so a hash runs nothing but the shop's own catalog queries. An unknown hash is refused; a
 * request with its own query text is unaffected and checked like any other.
 */
export const persistedCatalogOperations = (): Plugin<GraphQLContext> => ({
  onParams({ params, setParams }) {
    const hash = (params.extensions as PersistedQueryParam | undefined)?.persistedQuery?.sha256Hash;
    if (hash === undefined || params.query) return;
    const query = typeof hash === 'string' ? persistedOperations[hash] : undefined;
    if (!query) throw createGraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 400 } } });
    setParams({ ...params, query });
  },
});
