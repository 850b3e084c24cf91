/**
 * The service worker's cache names, which the offline page's script also reads (to list the pages stored).
 * A new name starts an empty cache; the worker deletes the ones it no longer uses when it activates.
 */
export const offlineCaches = {
  /** Server-rendered pages anyone may keep, network first. */
  pages: 'pages-v1',
  /** The offline pages of both languages, apart from the pages so their expiry never drops them. */
  offline: 'offline-v1',
  /** Catalog GraphQL reads by hash (GET), stale-while-revalidate; the frame's query of both channels is put in at install. */
  catalog: 'catalog-v1',
  /** Product and category pictures, cache first. */
  images: 'images-v1',
} as const;

/** What a page sends the waiting worker when the shopper has agreed to load the new version. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING';

/** The waiting worker's answer while another tab is in the checkout: the page asks again later. */
export const UPDATE_DEFERRED_MESSAGE = 'UPDATE_DEFERRED';

/**
 * What a page sends its worker after an in-app navigation, whose page the worker never fetched itself: the
 * worker fetches and stores it like a visited page, so it opens offline after a reload too.
 */
export const CACHE_PAGE_MESSAGE = 'CACHE_PAGE';

/**
 * The worker's question to each open tab before it takes over: where are you now? A tab answers its
 * location.href over the message's port. The worker cannot see it otherwise: a window client's url stays the
 * address the tab loaded, whatever the app has navigated to since (Chromium), so a tab that went into the
 * checkout inside the app would look like the home page.
 */
export const LOCATION_QUESTION_MESSAGE = 'WHERE_ARE_YOU';
