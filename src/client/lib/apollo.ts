import { ApolloClient, ApolloLink, HttpLink, InMemoryCache } from '@apollo/client';
import { ServerError } from '@apollo/client/errors';
import { catchError, defer, finalize, from, mergeMap, of, tap, throwError } from 'rxjs';
import type { persistedQueryExtensions } from '../../shared/catalog-queries';
import { readToken } from './auth-token';
import { startRequest } from './pending-requests';

// Catalog entities carry language-specific text under one id, so they are stored under the query (whose
// arguments include languageId) rather than normalised by id, where one language would overwrite the other.
const localized = ['Product', 'Sku', 'Category', 'Brand', 'DiscountCampaign', 'ContentPage', 'MenuItem', 'Cart', 'CartItem'];
// Facet values are ids within one facet and one filter (brand 3 and category 3 share id "3", counts differ per
// filter), so they must never be merged into one normalised object either.
const unkeyed = [...localized, 'FacetValue'];

export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: Object.fromEntries(unkeyed.map((type) => [type, { keyFields: false as const }])),
  });
}

/**
 * Catalog queries go as GET with only their hash, so the service worker can keep and refresh their answers;
 * everything else (the cart, checkout, mutations) stays POST and is never stored.
 */
export const catalogReadsAsGet = new ApolloLink((operation, forward) => {
  if (operation.operationType !== 'query') return forward(operation);
  // The list of hashes loads with the first query, after the first render, not with the entry.
  catalogQueries ??= import('../../shared/catalog-queries');
  return from(catalogQueries).pipe(
    mergeMap(({ persistedQueryExtensions }) => {
      const extensions = persistedQueryExtensions(operation.operationName);
      if (!extensions) return forward(operation);
      Object.assign(operation.extensions, extensions);
      operation.setContext({ fetchOptions: { method: 'GET' }, http: { includeQuery: false, includeExtensions: true } });
      // A hash the server does not know (old JS in an installed app, a rolling deploy): once more as a POST with
      // the query's text, like Apollo's persisted-query link, rather than an error page.
      const withText = () => {
        delete (operation.extensions as { persistedQuery?: unknown }).persistedQuery;
        operation.setContext({ fetchOptions: { method: 'POST' }, http: { includeQuery: true, includeExtensions: false } });
        return forward(operation);
      };
      return forward(operation).pipe(
        mergeMap((result) => (hashUnknown(result) ? withText() : of(result))),
        catchError((error: unknown) => (hashUnknown(error) ? withText() : throwError(() => error))),
      );
    }),
  );
});

/** Whether an answer (or the error a 400 becomes) says the server does not know the query's hash. */
function hashUnknown(answer: unknown): boolean {
  if (ServerError.is(answer)) return answer.bodyText.includes(PERSISTED_QUERY_NOT_FOUND);
  return hasErrorCode(answer, PERSISTED_QUERY_NOT_FOUND);
}

/** Whether a GraphQL answer (or error) carries an error with this extensions.code. */
function hasErrorCode(answer: unknown, code: string): boolean {
  const errors = (answer as { errors?: readonly { extensions?: { code?: unknown } }[] } | null)?.errors;
  return Array.isArray(errors) && errors.some((error) => error.extensions?.code === code);
}
const PERSISTED_QUERY_NOT_FOUND = 'PERSISTED_QUERY_NOT_FOUND';
let catalogQueries: Promise<{ persistedQueryExtensions: typeof persistedQueryExtensions }> | undefined;

/** What an operation's context may carry to hear of each answer with when its request started and it arrived. */
export interface AnswerListener {
  onAnswer(answer: { variables: Record<string, unknown>; data: unknown; startedAt: number; receivedAt: number }): void;
}

/**
 * Tells an operation whose context asks for it (`onAnswer`) when its request started and when its answer came,
 * before the cache takes the answer: what an answer can hold depends on when it was fetched, which the cache
 * does not keep. The start is taken before the request is handed on, so it is never later than the real one.
 */
export const answerTimes = new ApolloLink((operation, forward) => {
  const { onAnswer } = operation.getContext() as Partial<AnswerListener>;
  if (typeof onAnswer !== 'function') return forward(operation);
  const startedAt = Date.now();
  return forward(operation).pipe(
    tap((result) => {
      if (result.data) onAnswer({ variables: operation.variables, data: result.data, startedAt, receivedAt: Date.now() });
    }),
  );
});

/** Counts each request while it is on its way, for the global spinner (lib/pending-requests.ts). */
export const pendingCount = new ApolloLink((operation, forward) =>
  defer(() => {
    const end = startRequest();
    return forward(operation).pipe(finalize(end));
  }),
);

/**
 * The signed-in customer's token goes as `Authorization: Bearer` on POSTs only: a catalog GET is one the service
 * worker keeps and serves to whoever asks, so it must never depend on who asked. When the server refuses the
 * token it sent, the token is dropped (tokenRefused), so the tab stops acting as a customer who is not signed in.
 */
export const bearerToken = new ApolloLink((operation, forward) => {
  const context = operation.getContext() as { fetchOptions?: { method?: string }; headers?: Record<string, string> };
  const token = context.fetchOptions?.method === 'GET' ? null : readToken();
  if (!token) return forward(operation);
  operation.setContext({ headers: { ...context.headers, authorization: `Bearer ${token}` } });
  // Rare, so the code that cleans up loads only then.
  const refused = () => {
    if (readToken() === token) void import('./token-store').then(({ tokenRefused }) => tokenRefused());
  };
  return forward(operation).pipe(
    tap((result) => {
      if (hasErrorCode(result, UNAUTHENTICATED)) refused();
    }),
    catchError((error: unknown) => {
      if ((ServerError.is(error) && error.statusCode === 401) || hasErrorCode(error, UNAUTHENTICATED)) refused();
      return throwError(() => error);
    }),
  );
});

const UNAUTHENTICATED = 'UNAUTHENTICATED';

/** The browser's client; the first page's data arrives with the router's hydration data instead. */
export function createBrowserApollo(): ApolloClient {
  return new ApolloClient({
    cache: createCache(),
    // Without the client library's name and version in every request's extensions: a catalog read's URL must
    // stay the one the service worker precached, across Apollo upgrades.
    link: ApolloLink.from([pendingCount, answerTimes, catalogReadsAsGet, bearerToken, new HttpLink({ uri: '/graphql', credentials: 'same-origin', enhancedClientAwareness: { transport: false } })]),
  });
}
