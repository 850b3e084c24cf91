import type { ApolloClient } from '@apollo/client';
import { data, isRouteErrorResponse } from 'react-router';
import type { LanguageId } from '../../shared/locales';
import { RECORDING_FIRST_PAGE } from './offline-data';

/**
 * The router's side of the loaders, in the first route's JS: their environment, how old offline data is, not found.
 * The queries themselves (lib/loader-query.ts) come with the loaders' code.
 */

/**
 * What every loader needs: the Apollo client of this request (server) or of this tab (browser, where it loads
 * after the first render: see lib/apollo-client.ts).
 */
export interface LoaderEnv {
  client: () => Promise<ApolloClient>;
  languageId: LanguageId;
  /** One page load's record of data shown from a copy while offline; see withAsOf. */
  staleness?: Staleness;
  /** The loader runs only so its answers reach the device's copy (RECORDING_FIRST_PAGE): see queryFor's `pageAnswer`. */
  recordOnly?: boolean;
}

/** The env a route's loader runs with, given the context the router (or recordFirstPage) calls it in. */
export function loaderEnvFor(env: LoaderEnv, context: unknown): LoaderEnv {
  return context === RECORDING_FIRST_PAGE ? { ...env, recordOnly: true } : env;
}

/** The oldest fetch time of the data a page shows from a copy while offline; null when all of it is live. */
export interface Staleness {
  asOf: number | null;
}

/** The key under which a page's loader data says how old it is (epoch ms), only when it came from a copy. */
export const AS_OF_KEY = 'offlineAsOf';

/** Notes, for the page load, that some of its data is as old as `at` (from a copy, while offline). */
export function noteAge(env: LoaderEnv, at: number | undefined): void {
  if (!env.staleness || at === undefined) return;
  env.staleness.asOf = env.staleness.asOf === null ? at : Math.min(env.staleness.asOf, at);
}

/** A page loader whose data says, when any of it came from a copy while offline, since when it is true. */
export async function withAsOf<T>(env: LoaderEnv, load: (env: LoaderEnv) => Promise<T> | T): Promise<T> {
  const staleness: Staleness = { asOf: null };
  const result = await load({ ...env, staleness });
  // Only plain data objects: a Response or react-router's data() must reach the router as they are.
  if (staleness.asOf === null || !result || Object.getPrototypeOf(result) !== Object.prototype) return result;
  return { ...result, [AS_OF_KEY]: staleness.asOf };
}

/** The error page's question: did this route fail because the shopper is offline? */
export function isOfflineError(error: unknown): boolean {
  return isRouteErrorResponse(error) && (error.data as { offline?: unknown } | undefined)?.offline === true;
}

export function notFound(): never {
  throw data({ message: 'This page could not be found' }, { status: 404 });
}
