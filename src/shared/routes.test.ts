import { describe, expect, it } from 'vitest';
import { alternatesOf, loginPath, pageRoutes, pathOf, routeClaiming, routes, safeReturnPath, type PageRoute, type PageRouteId } from './routes';

/**
 * The shop's URLs as they are published (links in mails, search engines, bookmarks, the browser tests): a change
 * here is a change of every link to that page, so it has to be made on purpose, in both places.
 */
const published: Record<PageRouteId, { sv: string[]; en: string[]; pageType: PageRoute['pageType']; undistracted?: true }> = {
  home: { sv: [''], en: [''], pageType: 'home' },
  all: { sv: ['allt'], en: ['allt'], pageType: 'list' },
  category: { sv: ['c/*'], en: ['c/*'], pageType: 'category' },
  brand: { sv: ['b/*'], en: ['b/*'], pageType: 'brand' },
  campaign: { sv: ['dc/*'], en: ['dc/*'], pageType: 'campaign' },
  search: { sv: ['s/:search'], en: ['s/:search'], pageType: 'search' },
  aliasList: { sv: ['l/*'], en: ['l/*'], pageType: 'list' },
  genericList: { sv: ['list/:kind?'], en: ['list/:kind?'], pageType: 'list' },
  brands: { sv: ['varumarken'], en: ['brands'], pageType: 'brands' },
  favorites: { sv: ['favoriter'], en: ['favorites'], pageType: 'favorites' },
  checkout: { sv: ['kassan'], en: ['checkout'], pageType: 'checkout', undistracted: true },
  orderConfirmation: { sv: ['checkout/confirm'], en: ['checkout/confirm'], pageType: 'checkout', undistracted: true },
  paymentFailed: { sv: ['checkout/klarna-fail'], en: ['checkout/klarna-fail'], pageType: 'checkout', undistracted: true },
  product: {
    sv: ['p/:alias', 'p/:any/:alias', 'p/:any/:any2/:alias', 'product/:alias'],
    en: ['p/:alias', 'p/:any/:alias', 'p/:any/:any2/:alias', 'product/:alias'],
    pageType: 'product',
  },
  accountOrders: { sv: ['mina-sidor/ordrar'], en: ['my-account/orders'], pageType: 'account' },
  accountSettings: { sv: ['mina-sidor/installningar'], en: ['my-account/settings'], pageType: 'account' },
  accountBalance: { sv: ['mina-sidor/saldo'], en: ['my-account/balance'], pageType: 'account' },
  resetPassword: { sv: ['account/reset-password'], en: ['account/reset-password'], pageType: 'account' },
  emailChange: { sv: ['account/email'], en: ['account/email'], pageType: 'account' },
  account: { sv: ['account'], en: ['account'], pageType: 'account' },
  content: { sv: [':alias'], en: [':alias'], pageType: 'content' },
  contentPreview: { sv: ['content/:alias'], en: ['content/:alias'], pageType: 'content' },
  previewWidgets: { sv: ['preview-widgets'], en: ['preview-widgets'], pageType: 'content' },
  notFound: { sv: ['*'], en: ['*'], pageType: 'notFound' },
  offline: { sv: ['offline.html'], en: ['offline.html'], pageType: 'offline' },
};

describe('the route table', () => {
  it('holds every published path of every route in both languages, with its page type and layout', () => {
    const table = Object.fromEntries(
      Object.entries(pageRoutes).map(([id, route]) => [
        id,
        { sv: route.paths.sv, en: route.paths.en, pageType: route.pageType, ...(route.undistracted ? { undistracted: true } : {}) },
      ]),
    );
    expect(table).toEqual(published);
  });

  it.each<[string, string, string]>([
    ['home', routes.home('sv'), '/'],
    ['home', routes.home('en'), '/en'],
    ['all', routes.all('sv'), '/allt'],
    ['all', routes.all('en'), '/en/allt'],
    ['brands', routes.brands('sv'), '/varumarken'],
    ['brands', routes.brands('en'), '/en/brands'],
    ['favorites', routes.favorites('sv'), '/favoriter'],
    ['favorites', routes.favorites('en'), '/en/favorites'],
    ['checkout', routes.checkout('sv'), '/kassan'],
    ['checkout', routes.checkout('en'), '/en/checkout'],
    ['orderConfirmation', routes.orderConfirmation('sv'), '/checkout/confirm'],
    ['orderConfirmation', routes.orderConfirmation('en'), '/en/checkout/confirm'],
    ['paymentFailed', routes.paymentFailed('sv'), '/checkout/klarna-fail'],
    ['paymentFailed', routes.paymentFailed('en'), '/en/checkout/klarna-fail'],
    ['accountOrders', routes.accountOrders('sv'), '/mina-sidor/ordrar'],
    ['accountOrders', routes.accountOrders('en'), '/en/my-account/orders'],
    ['product', routes.product('super-mario-bros', 'sv'), '/p/super-mario-bros'],
    ['product', routes.product('super-mario-bros', 'en'), '/en/p/super-mario-bros'],
    ['category', routes.category(['spel', 'nintendo', 'nes'], 'sv'), '/c/nintendo/nes'],
    ['category', routes.category(['games'], 'en'), '/en/c/games'],
    ['brand', routes.brand('nintendo', 'en'), '/en/b/nintendo'],
    ['campaign', routes.campaign('sommarrea', 'sv'), '/dc/sommarrea'],
    ['content', routes.content('om-oss', 'sv'), '/om-oss'],
    ['content', routes.content('about-us', 'en'), '/en/about-us'],
    ['search', routes.search('zelda & link/2', 'sv'), '/s/zelda%20%26%20link%2F2'],
    ['genericList', routes.genericList('search', 'en'), '/en/list/search'],
    ['offline page', routes.offline('sv'), '/offline.html'],
    ['offline page', routes.offline('en'), '/en/offline.html'],
  ])('builds the %s URL %s as %s', (_name, built, expected) => {
    expect(built).toBe(expected);
  });

  it('gives a fixed route its path in every language for hreflang and the language switch', () => {
    expect(alternatesOf('brands')).toEqual([
      { languageId: 'sv', canonicalUrl: '/varumarken' },
      { languageId: 'en', canonicalUrl: '/en/brands' },
    ]);
  });

  it('refuses to build a path without its parameter, and drops an optional one', () => {
    expect(() => pathOf('product', 'sv')).toThrow('Route product needs its alias parameter');
    expect(pathOf('genericList', 'sv')).toBe('/list');
  });
});

describe('an address staff name, against the fixed routes', () => {
  it("finds the shop's own page a content alias would collide with, in its language only", () => {
    expect(routeClaiming('/kassan', 'content', 'sv')).toBe('checkout');
    expect(routeClaiming('/en/checkout', 'content', 'en')).toBe('checkout');
    expect(routeClaiming('/en/kassan', 'content', 'en')).toBeNull();
    expect(routeClaiming('/favorites', 'content', 'sv')).toBeNull();
    // A page's own folder and parameter routes' prefixes: /mina-sidor/…, /c/…, /content/…
    expect(routeClaiming('/mina-sidor', 'content', 'sv')).toBe('accountOrders');
    expect(routeClaiming('/en/c', 'content', 'en')).toBe('category');
    expect(routeClaiming('/content', 'content', 'sv')).toBe('contentPreview');
    // A Swedish page at /en would be the English home page.
    expect(routeClaiming('/en', 'content', 'sv')).toBe('home');
    expect(routeClaiming('/om-oss', 'content', 'sv')).toBeNull();
    expect(routeClaiming('/en/about-us', 'content', 'en')).toBeNull();
  });

  it('leaves a stored list its own folder, /l/', () => {
    expect(routeClaiming('/l/handplockat', 'aliasList', 'sv')).toBeNull();
    expect(routeClaiming('/en/l/kassan', 'aliasList', 'en')).toBeNull();
    // The same address for a content page: the list's folder is the shop's.
    expect(routeClaiming('/l', 'content', 'sv')).toBe('aliasList');
  });
});

describe('the return target after login', () => {
  it('keeps a path of the shop, with its query and anchor', () => {
    expect(safeReturnPath('/mina-sidor/ordrar')).toBe('/mina-sidor/ordrar');
    expect(safeReturnPath('/en/my-account/orders?x=1#top')).toBe('/en/my-account/orders?x=1#top');
    expect(safeReturnPath('/a/../mina-sidor/saldo')).toBe('/mina-sidor/saldo');
  });

  it('refuses anything that could leave the shop', () => {
    for (const value of ['https://evil.example/', '//evil.example', '/\\evil.example', '\\\\evil.example', '/\t/evil.example', 'javascript:alert(1)', 'mina-sidor', '', null, undefined]) {
      expect(safeReturnPath(value), String(value)).toBeNull();
    }
  });

  it('sends a visitor to the home page with the login panel, and the page to come back to', () => {
    expect(loginPath('sv', '/mina-sidor/ordrar')).toBe('/?action=login&returnTo=%2Fmina-sidor%2Fordrar');
    expect(loginPath('en', '/en/my-account/settings')).toBe('/en?action=login&returnTo=%2Fen%2Fmy-account%2Fsettings');
    expect(loginPath('sv', '//evil.example')).toBe('/?action=login');
    expect(loginPath('en')).toBe('/en?action=login');
  });
});
