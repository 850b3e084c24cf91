import type { ApolloClient, OperationVariables, TypedDocumentNode } from '@apollo/client';
import type { CachePersistence, CachedResult } from './cache-persistence';
import { isBrowserOnline } from './online-status';
import { isCostlyConnection } from './prefetch';

/**
 * The light half of the offline data, in the first route's bundle: when each catalog query was fetched in this
 * tab, and the way to the persisted copy of the catalog (lib/cache-persistence), which is loaded on its own
 * after the first render. Loaders hand their network results here and read from here when the network is gone.
 */

let schemaVersion: number | null = null;
let persistence: Promise<CachePersistence | null> | null = null;

/** When the HTML the tab started from was rendered, if it is a kept copy (opened offline, or old); else null. */
let keptPageRenderedAt: number | null = null;
/** Whether the tab started from such a kept copy: its data's version may be older than the device's copy. */
let startedFromKeptPage = false;
/** Older than this, HTML can only have come from the service worker's copy (pages are never cached otherwise). */
const KEPT_COPY_AGE_MS = 10 * 60 * 1000;

/** The first page's HTML: from the network, or a copy kept by the service worker (offline, or very old)? */
export function noteFirstPage(renderedAt: number | undefined, now = Date.now(), online = navigator.onLine): void {
  if (typeof renderedAt !== 'number') return;
  keptPageRenderedAt = !online || now - renderedAt > KEPT_COPY_AGE_MS ? renderedAt : null;
  startedFromKeptPage = keptPageRenderedAt !== null;
}

/** The first page's data is gone once the router loads any other: from then on the loaders say how old theirs is. */
export function leftFirstPage(): void {
  keptPageRenderedAt = null;
}

/** When the first page's data was true, if the tab started from a kept copy of the HTML; else null. */
export function firstPageAsOf(): number | null {
  return keptPageRenderedAt;
}

/** Sets the data's version (from the layout's data) before anything is persisted or read. */
export function configureOfflineData(options: { schemaVersion: number }): void {
  schemaVersion = options.schemaVersion;
}

/** Opens the persisted copy (once); null where it cannot work (no IndexedDB, private mode, not configured). */
export function startOfflineData(): Promise<CachePersistence | null> {
  if (persistence) return persistence;
  if (schemaVersion === null || typeof indexedDB === 'undefined') return Promise.resolve(null);
  const version = schemaVersion;
  persistence = import('./cache-persistence')
    // Offline, or from a kept page, the version may be old: a copy of another version is not dropped then.
    .then(({ openCachePersistence }) => openCachePersistence({ schemaVersion: version, mayPurge: navigator.onLine && !startedFromKeptPage }))
    .catch((error: unknown) => {
      console.warn('The offline copy of the catalog is not available', error);
      return null;
    });
  return persistence;
}

/** A route the tab started on, as react-router matched it: its loader never ran in this tab (hydration). */
export interface FirstPageMatch {
  params: Record<string, string | undefined>;
  route: { loader?: unknown };
}

/**
 * The context recordFirstPage runs the first page's loaders in: the page's own answer (its list, its product) goes
 * from the network to the device's copy, not into the tab's Apollo cache (lib/loader-query.ts, queryFor's
 * `pageAnswer`). The page shows that data already, and writing a category page's answer into both caches kept the
 * main thread 270–350 ms at a 4× CPU slowdown, 110–190 ms into the device's copy alone. A later visit to the page
 * asks the network, or offline the device's copy.
 */
export const RECORDING_FIRST_PAGE = Symbol('recording the first page');

/**
 * The first page came with the server's data, so its loaders never ran here and none of its answers reached the
 * device's copy: leaving it and coming back offline would find nothing. Runs those loaders once more
 * (RECORDING_FIRST_PAGE: from the network), only to record their answers (the frame's records nothing:
 * app/routes.tsx); the shown page keeps its data, and a failure changes nothing. Not on a costly connection, nor
 * offline.
 */
export async function recordFirstPage(matches: readonly FirstPageMatch[], url: string): Promise<void> {
  if (!isBrowserOnline() || isCostlyConnection()) return;
  const request = new Request(url);
  await Promise.all(
    matches.map(async ({ route, params }) => {
      if (typeof route.loader !== 'function') return;
      const loader = route.loader as (args: { request: Request; params: typeof params; context: unknown }) => unknown;
      await Promise.resolve()
        .then(() => loader({ request, params, context: RECORDING_FIRST_PAGE }))
        .catch(() => undefined);
    }),
  );
}

/**
 * A loader's query was answered. The first answer in this tab came from the network (the tab's cache starts
 * empty), so that is when its prices and stock were true; it also goes to the persisted copy. The bookkeeping
 * lives in the persisted copy's module, out of the first route's code.
 */
export function rememberResult<TData, TVars extends OperationVariables>(query: TypedDocumentNode<TData, TVars>, variables: TVars, data: TData): void {
  const at = Date.now();
  void startOfflineData().then((store) => store?.remember(query, variables, data, at));
}

/** An answer recordFirstPage fetched past the tab's cache: into the device's copy, not counted as fetched in this tab. */
export function recordResult<TData, TVars extends OperationVariables>(query: TypedDocumentNode<TData, TVars>, variables: TVars, data: TData): void {
  const at = Date.now();
  void startOfflineData().then((store) => store?.record(query, variables, data, at));
}

/** When this tab fetched the query; undefined when it has not (or nothing can be kept here). */
export async function fetchedInThisTab<TData, TVars extends OperationVariables>(query: TypedDocumentNode<TData, TVars>, variables: TVars): Promise<number | undefined> {
  return (await startOfflineData())?.fetchedInThisTab(query, variables);
}

/** The persisted copy of a query's answer with the time it was fetched, or null when there is none. */
export async function readPersisted<TData, TVars extends OperationVariables>(
  query: TypedDocumentNode<TData, TVars>,
  variables: TVars,
): Promise<CachedResult<TData> | null> {
  const store = await startOfflineData();
  return store ? store.read(query, variables) : null;
}

/**
 * Forgets everything kept about the catalog on this device and in this tab, for logout: the persisted copy stops
 * writing, the tab's cache is cleared, the stored copy is deleted, and writing resumes.
 */
export async function purgeOfflineData(client: ApolloClient): Promise<void> {
  const store = await startOfflineData();
  if (store) await store.purge(() => client.clearStore());
  else await client.clearStore();
}
