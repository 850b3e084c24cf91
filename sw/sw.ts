/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { categoryTreeGetUrl, layoutGetUrl } from '../src/shared/catalog-queries';
import { CART_SYNC_MESSAGE, CART_SYNC_TAG } from '../src/shared/cart-sync';
import { channels, languageIds, splitLocalePath } from '../src/shared/locales';
import { CACHE_PAGE_MESSAGE, LOCATION_QUESTION_MESSAGE, offlineCaches, SKIP_WAITING_MESSAGE, UPDATE_DEFERRED_MESSAGE } from '../src/shared/offline-caches';
import { routes } from '../src/shared/routes';
import { installAll, promoteStaged, stagedName } from './install';
import { isCatalogRead, isCheckoutUrl, isPreviewUrl, isFreshnessCritical, isOutdatedRuntimeCache, isShopImage, isStorable, isStorableGraphQL, NOT_PAGES } from './rules';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell from the build: the JS and CSS of every route (both languages' messages are chunks of their
// own) and the favicons. The manifests are the server's and only matter online, when installing.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const SHELL_URLS = languageIds.map((languageId) => routes.home(languageId));
/** Apollo's Accept header, so the stored answer is the one the page's own request would get. */
const GRAPHQL_ACCEPT = 'application/graphql-response+json,application/json;q=0.9';

/** Fetches past the HTTP cache and stages only a good answer (a refused one rejects); moved in at activate. */
async function store(cacheName: string, url: string, headers: HeadersInit = {}, storable: (response: Response) => boolean | Promise<boolean> = isStorable): Promise<void> {
  const request = new Request(url, { cache: 'reload', headers, credentials: 'same-origin' });
  const response = await fetch(request);
  if (!(await storable(response))) throw new Error(`${url} answered ${response.status}`);
  await (await caches.open(stagedName(cacheName))).put(url, response);
}

// Beside the hashed shell: the home pages in both languages, so a first offline visit still opens the shop; the
// offline page of each language (in the frame, with the menus); and the frame's query (menus) and the category
// tree of both channels, so the menus and the category links work offline from the first visit. No skipWaiting
// here: a new version waits until the shopper agrees to reload (the page's update prompt).
self.addEventListener('install', (event) => {
  event.waitUntil(
    installAll(
      // Only the offline pages are required: without them an unknown page offline has no answer at all.
      languageIds.map((languageId) => () => store(offlineCaches.offline, routes.offline(languageId))),
      [
        ...SHELL_URLS.map((url) => () => store(offlineCaches.pages, url)),
        ...languageIds.map((languageId) => () => store(offlineCaches.catalog, layoutGetUrl(channels[languageId]), { Accept: GRAPHQL_ACCEPT }, isStorableGraphQL)),
        ...languageIds.map((languageId) => () => store(offlineCaches.catalog, categoryTreeGetUrl(channels[languageId]), { Accept: GRAPHQL_ACCEPT }, isStorableGraphQL)),
      ],
    ),
  );
});

const storableOnly = { cacheWillUpdate: async ({ response }: { response: Response }) => (isStorable(response) ? response : null) };
const cleanGraphQLOnly = { cacheWillUpdate: async ({ response }: { response: Response }) => ((await isStorableGraphQL(response)) ? response : null) };

// Pages: network first (fresh stock and prices), the last copy when offline or after 3 s on a stalled link.
const pages = new NetworkFirst({
  cacheName: offlineCaches.pages,
  networkTimeoutSeconds: 3,
  plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 80, purgeOnQuotaError: true })],
});
// An admin's preview of unpublished content: straight to the network, never stored (registered first, so it wins).
registerRoute(({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin && isPreviewUrl(url), new NetworkOnly());
registerRoute(new NavigationRoute(pages, { denylist: [NOT_PAGES] }));

// Catalog reads (GET by hash). The answer does not depend on the Accept or Origin header a request carried, so
// Vary is ignored when matching. Kept at most a day: older stock and prices are worse than none online.
const catalogCache = {
  cacheName: offlineCaches.catalog,
  matchOptions: { ignoreVary: true },
  plugins: [cleanGraphQLOnly, new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 24 * 3600, purgeOnQuotaError: true })],
};
// Products and product lists (stock, prices): the network first, the stored copy offline or after 2 s.
registerRoute(
  ({ request, url }) => isCatalogRead(request, url, self.location.origin) && isFreshnessCritical(url),
  new NetworkFirst({ ...catalogCache, networkTimeoutSeconds: 2 }),
);
// Menus, the category tree and the other frame reads change rarely: answered at once and refreshed behind it.
registerRoute(({ request, url }) => isCatalogRead(request, url, self.location.origin), new StaleWhileRevalidate(catalogCache));

// Pictures change only with the product, so a stored one is good: cache first, the oldest dropped past the cap.
registerRoute(
  ({ request, url }) => isShopImage(request, url, self.location.origin),
  new CacheFirst({
    cacheName: offlineCaches.images,
    plugins: [storableOnly, new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true })],
  }),
);

// A page never visited before, while offline: the offline page of its language, under the page's own address.
// Never another page's content: a stored home page under a product's address shows the wrong page, and its
// router data does not match the address, so the page never becomes usable.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const { languageId } = splitLocalePath(new URL(request.url).pathname);
  return (await caches.match(routes.offline(languageId), { cacheName: offlineCaches.offline })) ?? Response.error();
});

/** How long a tab has to say where it is before the worker goes by the address it loaded. */
const LOCATION_ANSWER_MS = 1000;

/** Where each open tab of the shop is now, as the tab itself says (see LOCATION_QUESTION_MESSAGE). */
async function openTabLocations(): Promise<string[]> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  return Promise.all(
    windows.map(
      (client) =>
        new Promise<string>((resolve) => {
          const channel = new MessageChannel();
          const timer = setTimeout(() => resolve(client.url), LOCATION_ANSWER_MS);
          channel.port1.onmessage = (answer: MessageEvent<unknown>) => {
            clearTimeout(timer);
            resolve(typeof answer.data === 'string' ? answer.data : client.url);
          };
          client.postMessage({ type: LOCATION_QUESTION_MESSAGE }, [channel.port2]);
        }),
    ),
  );
}

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown; url?: unknown } | null;
  // Only on the shopper's word (the page's "new version – reload"), and never while another tab is in the
  // checkout: taking over drops the old version's files, and that tab's lazy chunks would fail to load. The
  // asking tab is told, and asks again later.
  if (data?.type === SKIP_WAITING_MESSAGE) {
    event.waitUntil(
      (async () => {
        const locations = await openTabLocations();
        if (locations.some((href) => isCheckoutUrl(href))) event.source?.postMessage({ type: UPDATE_DEFERRED_MESSAGE });
        else await self.skipWaiting();
      })(),
    );
  }
  // A page the shopper reached inside the app: stored through the pages' own strategy (same rules, same cap),
  // unless a copy is there already (a real visit refreshes it).
  if (data?.type === CACHE_PAGE_MESSAGE && typeof data.url === 'string') {
    const url = new URL(data.url, self.location.origin);
    // Never a shopper's own page: the checkout and its return pages are never stored, so fetching one is waste.
    if (url.origin !== self.location.origin || NOT_PAGES.test(url.pathname + url.search) || isCheckoutUrl(url.href) || isPreviewUrl(url)) return;
    const request = new Request(url, { credentials: 'same-origin' });
    event.waitUntil(
      caches
        .match(request, { cacheName: offlineCaches.pages })
        .then((stored) => stored ?? pages.handle({ event, request }))
        .catch(() => undefined),
    );
  }
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      await promoteStaged(caches, [offlineCaches.pages, offlineCaches.offline, offlineCaches.catalog]);
      await Promise.all((await caches.keys()).filter(isOutdatedRuntimeCache).map((name) => caches.delete(name)));
      await self.clients.claim();
    })(),
  );
});

// Background Sync, where the browser has it: once a connection is back, ask the open pages to replay the cart
// outbox (the replay needs the page's code and the shopper's cart id, so the worker does not send it itself).
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== CART_SYNC_TAG) return;
  sync.waitUntil(self.clients.matchAll({ type: 'window' }).then((pages) => pages.forEach((page) => page.postMessage({ type: CART_SYNC_MESSAGE }))));
});
