/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CART_SYNC_MESSAGE, CART_SYNC_TAG } from '../src/shared/cart-sync';
import { languageIds, splitLocalePath } from '../src/shared/locales';
import { routes } from '../src/shared/routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Hashed JS and CSS from the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const PAGES = 'pages-v1';
const SHELL_URLS = ['/', '/en'];
// Apart from the pages, whose expiry would otherwise drop it.
const OFFLINE = 'offline-v1';

// The shell: the home pages in both languages, so a first offline visit still opens the shop; and the page
// that says the shopper is offline, in both languages.
self.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches.open(PAGES).then((cache) => cache.addAll(SHELL_URLS)),
      caches.open(OFFLINE).then((cache) => cache.addAll(languageIds.map((languageId) => routes.offline(languageId)))),
    ]),
  );
});

/**
 * Only a page the server lets anyone keep is stored: a complete 200 answer not marked no-store. The server marks
 * a shopper's own pages (checkout, order confirmation, account, mail previews) no-store, and Workbox itself would
 * store them regardless.
 */
const storablePagesOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !/no-store/i.test(response.headers.get('Cache-Control') ?? '') ? response : null,
};

/** What is never a page of the shop, in either language: the API, sign-in, the health check and mail previews (Workbox matches the path with its query). */
const NOT_PAGES = /^(\/en)?\/(graphql|auth|healthz|mail)([/?]|$)/i;

// Pages: network first (fresh stock and prices), the last copy when offline or on a stalled 2G link.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES,
      networkTimeoutSeconds: 4,
      plugins: [storablePagesOnly, new ExpirationPlugin({ maxEntries: 80 })],
    }),
    { denylist: [NOT_PAGES] },
  ),
);

registerRoute(
  ({ url }) => url.pathname.startsWith('/images/'),
  new StaleWhileRevalidate({ cacheName: 'images-v1', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 })] }),
);

// A page never visited before, while offline: the offline page of its language, under the page's own address.
// Never another page's content: a stored home page under a product's address shows the wrong page, and its
// router data does not match the address, so the page never becomes usable.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const { languageId } = splitLocalePath(new URL(request.url).pathname);
  return (await caches.match(routes.offline(languageId), { cacheName: OFFLINE })) ?? Response.error();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

// Background Sync, where the browser has it: once a connection is back, ask the open pages to replay the cart
// outbox (the replay needs the page's code and the shopper's cart id, so the worker does not send it itself).
self.addEventListener('sync', (event) => {
  const sync = event as ExtendableEvent & { tag?: string };
  if (sync.tag !== CART_SYNC_TAG) return;
  sync.waitUntil(self.clients.matchAll({ type: 'window' }).then((pages) => pages.forEach((page) => page.postMessage({ type: CART_SYNC_MESSAGE }))));
});
