import { languageIds, localizePath, type LanguageId } from './locales';

/** What kind of page a route shows: the tag manager's page type. */
export type PageType =
  | 'home'
  | 'list'
  | 'category'
  | 'brand'
  | 'campaign'
  | 'search'
  | 'brands'
  | 'favorites'
  | 'checkout'
  | 'product'
  | 'account'
  | 'content'
  | 'notFound'
  | 'offline';

export interface PageRoute {
  /**
   * react-router path patterns below the language prefix ('' is the language's home page). The first is the
   * canonical one, which the builders below fill in; the others are further forms that answer the same page.
   */
  readonly paths: Readonly<Record<LanguageId, readonly [string, ...string[]]>>;
  readonly pageType: PageType;
  /** The checkout and its return pages: the reduced layout (logo, selling points, a way back; no menu, search or panels). */
  readonly undistracted: boolean;
  /**
   * The page shows one shopper's own data (a checkout form, an order, an account): the server marks it
   * `no-store`, so neither the service worker nor any shared cache keeps a copy.
   */
  readonly personal: boolean;
  /** Shows unpublished content to an admin: the worker never handles it (sw/rules.ts). */
  readonly preview: boolean;
}

const same = (...paths: [string, ...string[]]) => ({ sv: paths, en: paths });
const route = (pageType: PageType, paths: PageRoute['paths'], { undistracted = false, personal = false, preview = false } = {}): PageRoute => ({
  pageType,
  paths,
  undistracted,
  personal,
  preview,
});
const checkoutPage = { undistracted: true, personal: true };

/**
 * Every page of the shop, once: the router, the tag manager's page types, the seeded menus' links, the language
 * switch and every link in the code are built from this table. Swedish URLs have no prefix, English ones '/en'.
 */
export const pageRoutes = {
  home: route('home', same('')),
  all: route('list', same('allt')),
  // Deep categories keep their parent for readable URLs: /c/{parent}/{category}; any depth answers.
  category: route('category', same('c/*')),
  brand: route('brand', same('b/*')),
  campaign: route('campaign', same('dc/*')),
  search: route('search', same('s/:search')),
  /** A list the server defines by alias; only the last segment counts. */
  aliasList: route('list', same('l/*')),
  /** /list/{kind}: a list whose ids or search text come from the query (/list/list?productIds=1,2). */
  genericList: route('list', same('list/:kind?')),
  brands: route('brands', { sv: ['varumarken'], en: ['brands'] }),
  favorites: route('favorites', { sv: ['favoriter'], en: ['favorites'] }),
  checkout: route('checkout', { sv: ['kassan'], en: ['checkout'] }, checkoutPage),
  /** Where the payment provider sends the shopper back, paid … */
  orderConfirmation: route('checkout', same('checkout/confirm'), checkoutPage),
  /** … or refused. */
  paymentFailed: route('checkout', same('checkout/klarna-fail'), checkoutPage),
  // The product's alias is the last segment; up to two segments before it (e.g. a category) are ignored.
  product: route('product', same('p/:alias', 'p/:any/:alias', 'p/:any/:any2/:alias', 'product/:alias')),
  /** The signed-in customer's pages: the authenticated guard sends a visitor without a token home. */
  accountOrders: route('account', { sv: ['mina-sidor/ordrar'], en: ['my-account/orders'] }, { personal: true }),
  accountSettings: route('account', { sv: ['mina-sidor/installningar'], en: ['my-account/settings'] }, { personal: true }),
  accountBalance: route('account', { sv: ['mina-sidor/saldo'], en: ['my-account/balance'] }, { personal: true }),
  /** Sends a signed-in customer to their orders and anyone else to the login (shows nothing of its own). */
  account: route('account', same('account'), { personal: true }),
  /** Where the password reset mail leads (?key=…); open to anyone holding a key. */
  resetPassword: route('account', same('account/reset-password'), { personal: true }),
  /**
   * Where the e-mail change's mails lead: ?key=… confirms a new address, ?undo=1&key=… moves the account back to
   * the old one and opens the reset flow; open to anyone holding a key.
   */
  emailChange: route('account', same('account/email'), { personal: true }),
  // One segment is a content page's alias (least specific: every other route wins over it). Published pages only.
  content: route('content', same(':alias')),
  /**
   * /content/{alias}: the page as an admin previews it, published or not (anyone else: the published page, or
   * 404). Personal, so neither the worker nor a shared cache keeps a draft (modules/content/preview.ts).
   */
  contentPreview: route('content', same('content/:alias'), { personal: true, preview: true }),
  /** An admin's index of every content page, published or not; 404 for anyone else. */
  previewWidgets: route('content', same('preview-widgets'), { personal: true, preview: true }),
  notFound: route('notFound', same('*')),
  /**
   * The service worker's answer to a page it cannot fetch and never stored, shown under the asked address (a file
   * name, so no content alias takes it).
   */
  offline: route('offline', same('offline.html')),
} as const satisfies Record<string, PageRoute>;

export type PageRouteId = keyof typeof pageRoutes;

/**
 * The canonical path of a route in a language, with its `:params` and `*` filled in. Values go in as given
 * (encode what needs it first); an optional parameter left out drops its segment.
 */
export function pathOf(id: PageRouteId, languageId: LanguageId, params: Readonly<Record<string, string>> = {}): string {
  const pattern = pageRoutes[id].paths[languageId][0];
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment === '*') return [param(id, params, '*')];
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      if (optional && params[name] === undefined) return [];
      return [param(id, params, name)];
    });
  return localizePath(`/${segments.join('/')}`, languageId);
}

function param(id: PageRouteId, params: Readonly<Record<string, string>>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new Error(`Route ${id} needs its ${name} parameter`);
  return value;
}

/** A fixed route's path in every language: the hreflang alternates and the language switch of its page. */
export function alternatesOf(id: PageRouteId): { languageId: LanguageId; canonicalUrl: string }[] {
  return languageIds.map((languageId) => ({ languageId, canonicalUrl: pathOf(id, languageId) }));
}

/** The literal segments a pattern starts with, up to its first parameter or splat ('c/*' → ['c'], ':alias' → []). */
function fixedSegments(pattern: string): string[] {
  const segments = pattern.split('/').filter(Boolean);
  const firstVariable = segments.findIndex((s) => s.startsWith(':') || s === '*');
  return firstVariable === -1 ? segments : segments.slice(0, firstVariable);
}

/**
 * The fixed route that an address meant for route `own` in `languageId` would collide with, or null: a route of
 * any language whose fixed segments and the address agree as far as both go, so the shop's own page would take
 * the address (/kassan, /en for a Swedish page) or the address would sit among that page's own (/mina-sidor,
 * /checkout). Routes made only of parameters (the catch-alls) claim nothing; a home page only its own address.
 * `address` is a whole path as the builders above make it: what staff name (a content page's or a list's alias)
 * is checked with it.
 */
export function routeClaiming(path: string, own: PageRouteId, languageId: LanguageId): PageRouteId | null {
  const address = path.split('/').filter(Boolean);
  for (const id of Object.keys(pageRoutes) as PageRouteId[]) {
    for (const other of languageIds) {
      if (id === own && other === languageId) continue;
      for (const pattern of pageRoutes[id].paths[other]) {
        const segments = fixedSegments(pattern);
        const fixed = localizePath(segments.join('/'), other).split('/').filter(Boolean);
        if (segments.length === 0) {
          // Only the home page claims its language's prefix (/en), and only that address itself.
          if (pattern === '' && fixed.length > 0 && fixed.join('/') === address.join('/')) return id;
          continue;
        }
        const common = Math.min(fixed.length, address.length);
        if (fixed.slice(0, common).every((segment, i) => segment === address[i])) return id;
      }
    }
  }
  return null;
}

/** Canonical URLs of the shop's pages; catalog entities are stored by alias, and these give them their path. */
export const routes = {
  home: (languageId: LanguageId) => pathOf('home', languageId),
  all: (languageId: LanguageId) => pathOf('all', languageId),
  product: (alias: string, languageId: LanguageId) => pathOf('product', languageId, { alias }),
  /** A category by its aliases from the top: the URL names the category and its parent. */
  category: (aliases: readonly string[], languageId: LanguageId) => pathOf('category', languageId, { '*': aliases.slice(-2).join('/') }),
  brand: (alias: string, languageId: LanguageId) => pathOf('brand', languageId, { '*': alias }),
  campaign: (alias: string, languageId: LanguageId) => pathOf('campaign', languageId, { '*': alias }),
  content: (alias: string, languageId: LanguageId) => pathOf('content', languageId, { alias }),
  contentPreview: (alias: string, languageId: LanguageId) => pathOf('contentPreview', languageId, { alias }),
  previewWidgets: (languageId: LanguageId) => pathOf('previewWidgets', languageId),
  /** A list the shop defines by alias (the same in every language). */
  aliasList: (alias: string, languageId: LanguageId) => pathOf('aliasList', languageId, { '*': alias }),
  search: (text: string, languageId: LanguageId) => pathOf('search', languageId, { search: encodeURIComponent(text) }),
  genericList: (kind: string, languageId: LanguageId) => pathOf('genericList', languageId, { kind }),
  brands: (languageId: LanguageId) => pathOf('brands', languageId),
  favorites: (languageId: LanguageId) => pathOf('favorites', languageId),
  checkout: (languageId: LanguageId) => pathOf('checkout', languageId),
  orderConfirmation: (languageId: LanguageId) => pathOf('orderConfirmation', languageId),
  paymentFailed: (languageId: LanguageId) => pathOf('paymentFailed', languageId),
  accountOrders: (languageId: LanguageId) => pathOf('accountOrders', languageId),
  accountSettings: (languageId: LanguageId) => pathOf('accountSettings', languageId),
  accountBalance: (languageId: LanguageId) => pathOf('accountBalance', languageId),
  resetPassword: (languageId: LanguageId) => pathOf('resetPassword', languageId),
  emailChange: (languageId: LanguageId) => pathOf('emailChange', languageId),
  offline: (languageId: LanguageId) => pathOf('offline', languageId),
};

/**
 * The query parameter through which the installed app's shortcuts (the web app manifest's) open a panel: the search
 * or the cart. The page opens it once and takes the parameter off the address.
 */
export const OPEN_PANEL_PARAM = 'open';

/** The query parameter naming the page a visitor asked for before being asked to log in. */
export const RETURN_TO_PARAM = 'returnTo';

const RETURN_BASE = 'http://shop.invalid';

/**
 * A return target as a path of this shop, or null. Anything that could leave the shop (another host, a scheme,
 * `//host`, a backslash or a control character that browsers read as a slash or drop) is refused outright
 * rather than repaired, so no link can make the login an open redirect.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, RETURN_BASE);
  } catch {
    return null;
  }
  return url.origin === RETURN_BASE ? `${url.pathname}${url.search}${url.hash}` : null;
}

/**
 * The authenticated guard's destination: the home page with the login panel open (spec: `?action=login`), and
 * the page asked for, to return to once signed in.
 */
export function loginPath(languageId: LanguageId, returnTo?: string): string {
  const params = new URLSearchParams({ action: 'login' });
  const target = safeReturnPath(returnTo);
  if (target) params.set(RETURN_TO_PARAM, target);
  return `${routes.home(languageId)}?${params.toString()}`;
}
