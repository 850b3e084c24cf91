/// <reference lib="webworker" />
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// Hashed JS and CSS from the build.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const PAGES = 'pages-v1';
const SHELL_URLS = ['/', '/en'];

// The shell: the home pages in both languages, so a first offline visit still opens the shop.
self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(PAGES).then((cache) => cache.addAll(SHELL_URLS)));
});

// Pages: network first (fresh stock and prices), the last copy when offline or on a stalled 2G link.
registerRoute(
  new NavigationRoute(
    new NetworkFirst({
      cacheName: PAGES,
      networkTimeoutSeconds: 4,
      plugins: [new ExpirationPlugin({ maxEntries: 80 })],
    }),
    { denylist: [/^\/graphql/, /^\/auth\//, /^\/healthz/, /^\/mail\//] },
  ),
);

registerRoute(
  ({ url }) => url.pathname.startsWith('/images/'),
  new StaleWhileRevalidate({ cacheName: 'images-v1', plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 7 * 24 * 3600 })] }),
);

// A page never visited before, while offline: the home page of its language instead of the browser's error.
setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  const shell = new URL(request.url).pathname.startsWith('/en') ? '/en' : '/';
  return (await caches.match(shell)) ?? Response.error();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
