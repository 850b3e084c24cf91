import { ApolloClient, ApolloLink } from '@apollo/client';
import { createStaticHandler, matchRoutes, type LoaderFunction } from 'react-router';
import { describe, expect, it } from 'vitest';
import { languageIds } from '../../shared/locales';
import { pageRoutes, pathOf, type PageRouteId } from '../../shared/routes';
import { createCache } from '../lib/apollo';
import { RECORDING_FIRST_PAGE } from '../lib/offline-data';
import { definedParts, featureModuleKey } from '../lib/lazy-part';
import { pageRouteOf, type PageRouteHandle } from '../lib/page-route';
import { createRoutes, pageEntries, pageModuleAt, pageModuleFiles, pageModuleOf, pageModules, pagesRenderingWithClient, resolveLazyRoutes, shownLanguageOf, type PageModuleId } from './routes';

// Matching runs no loader, so the client is never asked anything.
const router = createRoutes(new ApolloClient({ cache: createCache(), link: ApolloLink.empty() }));

/** The table route the router shows for a URL, as the page (layout, tag manager) reads it back. */
function routeOf(url: string): PageRouteHandle | undefined {
  return matchRoutes(router, url)?.at(-1)?.route.handle as PageRouteHandle | undefined;
}

describe('the router', () => {
  it.each<[string, PageRouteId]>([
    ['/', 'home'],
    ['/en', 'home'],
    ['/allt', 'all'],
    ['/en/allt', 'all'],
    ['/c/nintendo/nes', 'category'],
    ['/en/c/games', 'category'],
    ['/b/nintendo', 'brand'],
    ['/dc/sommarrea', 'campaign'],
    ['/s/zelda', 'search'],
    ['/en/s/zelda', 'search'],
    ['/l/nyheter', 'aliasList'],
    ['/list', 'genericList'],
    ['/en/list/search', 'genericList'],
    ['/varumarken', 'brands'],
    ['/en/brands', 'brands'],
    ['/favoriter', 'favorites'],
    ['/en/favorites', 'favorites'],
    ['/kassan', 'checkout'],
    ['/en/checkout', 'checkout'],
    ['/checkout/confirm', 'orderConfirmation'],
    ['/en/checkout/confirm', 'orderConfirmation'],
    ['/checkout/klarna-fail', 'paymentFailed'],
    ['/en/checkout/klarna-fail', 'paymentFailed'],
    ['/p/super-mario-bros-nes', 'product'],
    ['/en/p/any/thing/alias', 'product'],
    ['/p/nintendo/super-mario-bros-nes', 'product'],
    ['/product/super-mario-bros-nes', 'product'],
    ['/mina-sidor/ordrar', 'accountOrders'],
    ['/en/my-account/orders', 'accountOrders'],
    ['/mina-sidor/installningar', 'accountSettings'],
    ['/en/my-account/settings', 'accountSettings'],
    ['/mina-sidor/saldo', 'accountBalance'],
    ['/en/my-account/balance', 'accountBalance'],
    ['/account/reset-password', 'resetPassword'],
    ['/en/account/reset-password', 'resetPassword'],
    ['/account/email', 'emailChange'],
    ['/en/account/email', 'emailChange'],
    ['/om-oss', 'content'],
    ['/content/om-oss', 'contentPreview'],
    ['/en/preview-widgets', 'previewWidgets'],
    ['/en/about-us', 'content'],
    ['/en/no/such/page', 'notFound'],
  ])('shows %s with the %s route of the table', (url, id) => {
    expect(routeOf(url)).toEqual({ id, pageType: pageRoutes[id].pageType, undistracted: pageRoutes[id].undistracted });
  });

  it('answers every canonical path the table builds with that same route', () => {
    const params = { alias: 'x', search: 'x', kind: 'x', '*': 'x' };
    for (const id of Object.keys(pageRoutes) as PageRouteId[]) {
      for (const languageId of languageIds) {
        expect(routeOf(pathOf(id, languageId, params))?.id, `${id} in ${languageId}`).toBe(id === 'notFound' ? 'content' : id);
      }
    }
  });
});

describe("the browser's table", () => {
  const client = new ApolloClient({ cache: createCache(), link: ApolloLink.empty() });
  const idsOf = (table: ReturnType<typeof createRoutes>, path: string) => (matchRoutes(createStaticHandler(table).dataRoutes, path) ?? []).map((match) => match.route.id);

  it("holds the shown language's pages alone, with the server's ids for them", () => {
    for (const [shown, paths] of [['sv', ['/', '/c/spel/nes', '/p/zelda', '/kassan', '/mina-sidor/ordrar']], ['en', ['/en', '/en/c/games', '/en/p/zelda', '/en/checkout']]] as const) {
      const table = createRoutes(client, shown);
      for (const path of paths) {
        expect(idsOf(table, path), path).toEqual(idsOf(router, path));
        expect(idsOf(table, path).length, path).toBeGreaterThan(3);
      }
      const other = table[0]!.children!.find((tree) => tree.id !== `layout-${shown}`)!;
      expect(other.children).toHaveLength(2);
    }
  });

  it("takes the shown language from the server's data for the page, which the router matched however the address was written", () => {
    // The server's router matches /EN/p/zelda (and a percent-encoded /%65n/…) to the English tree.
    const data = createStaticHandler(router).dataRoutes;
    expect((matchRoutes(data, '/EN/p/zelda') ?? []).map((match) => match.route.id)).toContain('layout-en');
    expect(shownLanguageOf({ loaderData: { root: null, 'layout-en': { layout: {} }, '0-0-0-3': {} } })).toBe('en');
    expect(shownLanguageOf({ loaderData: { 'layout-sv': { layout: {} } } })).toBe('sv');
    // The frame's own error is the root's (its route has no error boundary): no frame, both trees.
    expect(shownLanguageOf({ loaderData: {} })).toBeUndefined();
    expect(shownLanguageOf(undefined)).toBeUndefined();
  });

  it("loads any address of the other language as a new page", async () => {
    for (const [shown, url] of [['sv', 'https://shop.example/en/c/games?sort=LATEST'], ['sv', 'https://shop.example/en'], ['en', 'https://shop.example/p/zelda'], ['en', 'https://shop.example/']] as const) {
      const match = matchRoutes(createRoutes(client, shown), new URL(url).pathname)!.at(-1)!;
      const answer = (await (match.route.loader as LoaderFunction)({ request: new Request(url), url: new URL(url), pattern: match.route.path ?? '', params: match.params, context: undefined })) as Response;
      expect(answer.headers.get('X-Remix-Reload-Document'), url).toBe('true');
      expect(answer.headers.get('Location'), url).toBe(url);
    }
  });
});

describe('lazy pages', () => {
  it('names for each page module the file its route loads (the server preloads that file\'s chunk)', async () => {
    for (const id of Object.keys(pageModules) as PageModuleId[]) {
      expect(await pageModules[id](), id).toBe(await import(/* @vite-ignore */ `../../../${pageModuleFiles[id]}`));
    }
  });

  it("names for each page's lazily loaded part the file its code comes from (the server's HTML asks for that file's chunk)", async () => {
    for (const id of Object.keys(pageModules) as PageModuleId[]) await pageModules[id]();
    const parts = definedParts();
    expect(parts.map((part) => part.file).sort()).toEqual(['catalog/list/ActiveFilters', 'catalog/list/FilterPanel', 'content/Widgets']);
    for (const { file, load } of parts) {
      const module = (await import(/* @vite-ignore */ `../../../${featureModuleKey(file)}`)) as Record<string, unknown>;
      expect(Object.values(module), file).toContain(await load());
    }
  });

  it('loads the shown page into the route table before the router exists, so hydration needs no fallback', async () => {
    const table = createRoutes(new ApolloClient({ cache: createCache(), link: ApolloLink.empty() }));
    const pageRoute = () => matchRoutes(table, '/p/super-mario-bros-nes')!.at(-1)!.route;
    expect(pageRoute().lazy).toBeTypeOf('function');
    expect(pageRoute().Component).toBeUndefined();
    await resolveLazyRoutes(table, '/p/super-mario-bros-nes');
    expect(pageRoute().lazy).toBeUndefined();
    expect(pageRoute().Component).toBe((await pageModules.product()).ProductPage);
    expect(pageRoute().loader).toBeTypeOf('function');
    // Other pages stay lazy.
    expect(matchRoutes(table, '/allt')!.at(-1)!.route.lazy).toBeTypeOf('function');
  });

  it('finds the page module that a link\'s path leads to', () => {
    const paths = ['/p/zelda', '/en/c/games', '/c/spel/nes', '/kassan', '/mina-sidor/ordrar', '/en/p/zelda'];
    expect(paths.map((path) => pageModuleAt(router, path))).toEqual(['product', 'list', 'list', 'checkout', 'accountOrders', 'product']);
    expect(pageModuleOf.offline).toBeNull();
  });

  it('finds for any path the page module that matching the whole language tree finds', () => {
    const wholeTree = (path: string) => {
      const tree = router[0]!.children!.find((child) => child.id === `layout-${path === '/en' || path.startsWith('/en/') ? 'en' : 'sv'}`)!;
      const id = pageRouteOf(matchRoutes([tree], path) ?? [])?.id;
      return id ? pageModuleOf[id] : null;
    };
    const filled = (pattern: string) =>
      pattern
        .split('/')
        .map((segment) => (segment === '*' ? 'spel/nes' : segment.endsWith('?') ? 'list' : segment.startsWith(':') ? 'zelda' : segment))
        .join('/');
    const patterns = languageIds.flatMap((languageId) => Object.values(pageRoutes).flatMap((route) => route.paths[languageId].map((pattern) => (languageId === 'en' ? `/en/${pattern}` : `/${pattern}`))));
    const paths = patterns.flatMap((pattern) => {
      const path = filled(pattern).replace(/\/$/, '') || '/';
      const [, first = ''] = path.replace(/^\/en(?=\/|$)/, '').split('/');
      return [
        path,
        `${path}/`,
        `${path}/more`,
        path.toUpperCase(),
        path.replace(`/${first}`, `/${first.split('').map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`),
        path.replace(/^\/en/, '/EN'),
        `/x${path}`,
      ];
    });
    paths.push('/', '/en', '/en/', '/%ZZ', '/s%C3%B6k', '/sök/x', '/p', '/en/p', '/mina-sidor', '/en/my-account', '//p/zelda', '/allt?x=1', '/kassan#top', '/en/brands?page=2#a', '/p?x');
    for (const path of paths) expect([path, pageModuleAt(router, path)]).toEqual([path, wholeTree(path)]);
    expect(paths.length).toBeGreaterThan(200);
    expect(new Set(paths.map((path) => pageModuleAt(router, path))).size).toBeGreaterThan(10);
  });

  it('has a page whose entry renders with the client wait for the tab\'s client, and the others not', async () => {
    expect([...pagesRenderingWithClient].sort()).toEqual(
      ['accountBalance', 'accountOrders', 'accountSettings', 'checkout', 'emailChange', 'orderConfirmation', 'paymentFailed', 'resetPassword'].sort(),
    );
    expect(pageEntries.checkout.module.rendersWithClient).toBe(true);
    let give: ((client: ApolloClient) => void) | undefined;
    const tabClient = new Promise<ApolloClient>((resolve) => (give = resolve));
    const table = createRoutes(() => tabClient);
    await resolveLazyRoutes(table, '/p/zelda');
    let checkoutShown = false;
    const checkout = resolveLazyRoutes(table, '/kassan').then(() => (checkoutShown = true));
    await pageModules.checkout();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(checkoutShown).toBe(false);
    give!(new ApolloClient({ cache: createCache(), link: ApolloLink.empty() }));
    await checkout;
    expect(matchRoutes(table, '/kassan')!.at(-1)!.route.Component).toBe((await pageModules.checkout()).CheckoutPage);
  });
});

describe("the frame's loader", () => {
  const frame = router[0]!.children!.find((route) => route.id === 'layout-sv')!;
  it('never runs again once it has its data: not for a change of query string, another page, nor a retry', () => {
    const revalidates = (current: string, next: string) =>
      frame.shouldRevalidate!({
        currentUrl: new URL(current, 'https://shop.test'),
        nextUrl: new URL(next, 'https://shop.test'),
        currentParams: {},
        nextParams: {},
        defaultShouldRevalidate: true,
      } as Parameters<NonNullable<typeof frame.shouldRevalidate>>[0]);
    expect(revalidates('/c/spel', '/c/spel?brand=3')).toBe(false);
    expect(revalidates('/c/spel?brand=3', '/p/zelda')).toBe(false);
    expect(revalidates('/p/zelda', '/p/zelda')).toBe(false);
  });

  it('is left out when the first page is only being recorded on the device (the service worker keeps its answers)', async () => {
    // The client's link answers nothing, so a query would end in an error: null means none was made.
    const loader = frame.loader as (args: { request: Request; params: object; context: unknown }) => Promise<unknown>;
    expect(await loader({ request: new Request('https://shop.test/'), params: {}, context: RECORDING_FIRST_PAGE })).toBeNull();
  });
});
