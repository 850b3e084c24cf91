import { isCatalogGet } from '../src/shared/catalog-queries';
import { splitLocalePath } from '../src/shared/locales';
import { offlineCaches } from '../src/shared/offline-caches';
import { pageRoutes, type PageRoute } from '../src/shared/routes';

/**
 * What is never a page of the shop, in either language: the API, sign-in, the health check, mail previews and the
 * development mailbox (Workbox matches the path with its query).
 */
export const NOT_PAGES = /^(\/en)?\/(graphql|auth|healthz|mail|dev)([/?]|$)/i;

/**
 * Only an answer the server lets anyone keep is stored: a complete 200 not marked no-store. The server marks a
 * shopper's own pages (checkout, order confirmation, account, mail previews) and every GraphQL answer but a
 * catalog read no-store, and Workbox itself would store them regardless.
 */
export function isStorable(response: Response): boolean {
  return response.status === 200 && !/no-store/i.test(response.headers.get('Cache-Control') ?? '');
}

/**
 * A catalog answer the worker may keep: storable and without GraphQL `errors`. Yoga answers a failed read (a
 * timeout) with 200 and errors; kept, that error would be served again offline in place of the catalog.
 */
export async function isStorableGraphQL(response: Response): Promise<boolean> {
  if (!isStorable(response)) return false;
  try {
    const body = (await response.clone().json()) as { errors?: unknown } | null;
    return body !== null && typeof body === 'object' && (body.errors === undefined || (Array.isArray(body.errors) && body.errors.length === 0));
  } catch {
    return false;
  }
}

/**
 * A catalog read the worker may keep: a GET of a listed query by its hash. Never a POST (carts, checkout,
 * mutations), never a query sent with its own text (it could read anything, a cart included).
 */
export function isCatalogRead(request: Request, url: URL, origin: string): boolean {
  return request.method === 'GET' && url.origin === origin && isCatalogGet(url);
}

/** A product or category picture of the shop. */
export function isShopImage(request: Request, url: URL, origin: string): boolean {
  return request.method === 'GET' && url.origin === origin && url.pathname.startsWith('/images/');
}

/** The worker's runtime caches of an older version (another name with the same prefix), dropped once a new worker takes over. */
export function isOutdatedRuntimeCache(name: string): boolean {
  const current = Object.values(offlineCaches) as string[];
  return /^(pages|offline|catalog|images)-v\d+$/.test(name) && !current.includes(name);
}

/** The path patterns (below the language prefix) of the routes a flag picks, as regular expressions. */
const patternsOf = (picked: (route: PageRoute) => boolean) =>
  Object.values(pageRoutes as Record<string, PageRoute>)
    .filter(picked)
    .flatMap((route) => Object.values(route.paths).flat())
    .map((path) => new RegExp(`^/${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:[^/]+/g, '/[^/]+').replace(/\*/g, '.*')}/?$`, 'i'));

/** The checkout and its return pages. */
const undistractedPatterns = patternsOf((route) => route.undistracted);

/**
 * The pages that show an admin unpublished content (/content/{alias}, /preview-widgets), at either language
 * prefix: the worker never stores them nor answers them from a cache (network only), even if the server's
 * no-store were lost.
 */
const previewPatterns = patternsOf((route) => route.preview);

export function isPreviewUrl(url: URL): boolean {
  const { path } = splitLocalePath(url.pathname);
  return previewPatterns.some((pattern) => pattern.test(path));
}

/**
 * Whether a window is in the checkout (or a return page of it). A new worker must not take over then: it drops
 * the old version's files, and the checkout's own lazy chunks would no longer load.
 */
export function isCheckoutUrl(href: string): boolean {
  const { path } = splitLocalePath(new URL(href).pathname);
  return undistractedPatterns.some((pattern) => pattern.test(path));
}

/** Catalog reads whose stock and prices must be fresh while online: products and product lists. */
const FRESHNESS_CRITICAL = new Set(['ProductPage', 'ProductList', 'ProductListPage', 'ProductListFacets', 'Home']);

/** Whether a catalog GET reads products (network first) rather than the frame's menus and categories. */
export function isFreshnessCritical(url: URL): boolean {
  return FRESHNESS_CRITICAL.has(url.searchParams.get('operationName') ?? '');
}
