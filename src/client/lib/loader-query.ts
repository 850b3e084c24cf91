import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { data, UNSAFE_ErrorResponseImpl as ErrorResponseImpl, type ErrorResponse } from 'react-router';
import { channels } from '../../shared/locales';
import { fetchedInThisTab, readPersisted, recordResult, rememberResult } from './offline-data';
import { idleMoment } from './idle';
import { isBrowserOnline } from './online-status';
import { noteAge, type LoaderEnv } from './route-context';

/**
 * The loaders' queries: through the tab's client, or offline from the device's copy, and a failure as the error page's
 * status. Apart from the router's side (lib/route-context.ts), so that it comes with the loaders' code rather than
 * in the first route's JS: a page shown from the server's HTML runs no loader until the shopper moves on.
 */

export interface QueryOptions {
  /**
   * The page's own answer (its list, its product). A loader that only records (recordFirstPage) leaves it out of the
   * tab's cache; the lookups beside it (a category by its alias, the tree) go in, as the next loader of the same
   * list reads them from there. The one later reader of such an answer is "load more" on the first list (pages
   * from..page): its first page is then asked for again, beside the next one, as it always is on 2G, where nothing
   * is recorded.
   */
  pageAnswer?: boolean;
}

/** How long a recording query waits for an idle moment before it starts anyway (without requestIdleCallback: at once). */
const RECORDING_IDLE_TIMEOUT_MS = 3000;

/** Runs a query for the loader's language; a failed query becomes the error page with its status. */
export async function queryFor<TData, TVars extends OperationVariables>(
  env: LoaderEnv,
  query: TypedDocumentNode<TData, TVars>,
  variables: Omit<TVars, 'channelId' | 'languageId'>,
  options: QueryOptions = {},
): Promise<TData> {
  const skipsCache = env.recordOnly === true && options.pageAnswer === true;
  const channel = channels[env.languageId];
  const fullVariables = { ...variables, channelId: channel.channelId, languageId: channel.languageId } as unknown as TVars;
  const ask = async () => {
    // Recording the first page (recordFirstPage) is background work: each of its queries starts in an idle moment
    // of its own, rather than with the end of the one before it, in the task that handled that one's answer.
    if (env.recordOnly) await idleMoment(RECORDING_IDLE_TIMEOUT_MS, 0);
    // The client's code not arriving is a lost connection too (a first visit gone offline before it loaded).
    const client = await env.client().catch((error: unknown) => Promise.reject(new ClientNotLoaded(error)));
    // Otherwise the client's own default: cache-first in the browser, no cache on the server (render.tsx).
    return client.query({ query, variables: fullVariables, ...(skipsCache ? { fetchPolicy: 'no-cache' as const } : {}) });
  };
  const result = await ask().catch(async (error: unknown) => {
    // A recording's answer goes nowhere but to the device's copy: none to read from it.
    if (env.recordOnly) throw error;
    if (!(error instanceof ClientNotLoaded) && !(await isOffline(error))) throw await failedQuery(error, query);
    // No network: the copy kept on the device, if this query was answered before (in this tab or an earlier one).
    const kept = await readPersisted(query, fullVariables);
    if (!kept) throw data({ message: 'Offline', offline: true }, { status: 503 });
    noteAge(env, kept.cachedAt);
    return { data: kept.data, error: undefined, fromCopy: true };
  });
  if (result.error || !result.data) throw await failedQuery(result.error ?? new Error('No data'), query);
  if (typeof window !== 'undefined' && !('fromCopy' in result)) {
    if (isBrowserOnline()) {
      // Not in this tab's cache, a recorded answer is not "fetched in this tab": the next loader's answer is that.
      if (skipsCache) recordResult(query, fullVariables, result.data as TData);
      else rememberResult(query, fullVariables, result.data as TData);
    } else if (!env.recordOnly) {
      // Answered while offline: from this tab's cache, or from a copy the service worker kept. Either is as old as
      // the fetch this tab or the device's copy remembers; it is not a fresh answer to keep.
      noteAge(env, (await fetchedInThisTab(query, fullVariables)) ?? (await readPersisted(query, fullVariables))?.cachedAt);
    }
  }
  return result.data as TData;
}

/**
 * A read the page can do without (the category tree: the spec tolerates its errors): its failure, whatever the
 * status, is null, and the page goes on without it.
 */
export function tolerated<T>(read: Promise<T>): Promise<T | null> {
  return read.catch(() => null);
}

/**
 * A query that failed (a menu, a menu, a search, a list…) opens the error page with the answer's status and
 * the technical text, which the error page keeps for reports and shows the shopper as the generic text.
 */
async function failedQuery(error: unknown, query: TypedDocumentNode<unknown, never>): Promise<unknown> {
  const { status, message } = await failureOf(error, query);
  return data({ message }, { status });
}

async function failureOf(error: unknown, query: TypedDocumentNode<unknown, never>): Promise<{ status: number; message: string }> {
  // Rare, so the texts load only then (not in the first route's JS).
  const { statusOf, technicalMessageOf } = await import('./client-error');
  const operation = query.definitions.find((definition) => definition.kind === 'OperationDefinition');
  const name = operation?.name?.value ?? 'unknown';
  return { status: statusOf(error), message: technicalMessageOf(error, name) };
}

/**
 * A failed query outside a loader (the cart page's watched cart) as the error a loader's failed query becomes (the
 * router's own error response, so the error page reads its status the same way): thrown while the page renders, it
 * opens the error page. Null when no answer came at all (offline: the caller keeps what it shows, as the cart's
 * outbox does).
 */
export async function serverFailureOf(error: unknown, query: TypedDocumentNode<unknown, never>): Promise<ErrorResponse | null> {
  if (await isOffline(error)) return null;
  const { status, message } = await failureOf(error, query);
  return new ErrorResponseImpl(status, '', { message });
}

/**
 * The request got no answer at all: the browser knows it is offline, or the HTTP link's fetch failed before any
 * response (a TypeError by the fetch standard; an answer with an error status is a ServerError instead). Only a
 * TypeError from the link chain counts: one thrown by a bug elsewhere is an error, not a lost connection.
 */
async function isOffline(error: unknown): Promise<boolean> {
  // The server queries in process: nothing there is ever offline.
  if (typeof window === 'undefined') return false;
  if (!navigator.onLine) return true;
  if (!(error instanceof TypeError)) return false;
  // Loaded here, not imported: the first route's chunk carries none of Apollo (lib/apollo-client.ts). Code that
  // cannot load after a request failed with a TypeError says as much about the connection.
  const errors = await import('@apollo/client/errors').catch(() => null);
  return errors ? errors.LinkError.is(error) : true;
}

class ClientNotLoaded extends Error {
  constructor(cause: unknown) {
    super('The Apollo client did not load', { cause });
  }
}
