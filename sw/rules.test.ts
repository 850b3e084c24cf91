import { describe, expect, it } from 'vitest';
import { catalogGetUrl, layoutGetUrl } from '../src/shared/catalog-queries';
import { channels } from '../src/shared/locales';
import { isCatalogRead, isPreviewUrl, isOutdatedRuntimeCache, isShopImage, isStorable, isCheckoutUrl, isFreshnessCritical, isStorableGraphQL, NOT_PAGES } from './rules';

const origin = 'https://shop.example';
const get = (path: string, method = 'GET') => {
  const url = new URL(path, origin);
  return { request: new Request(url, { method }), url };
};

describe('what the worker keeps', () => {
  it('keeps catalog reads by hash, over GET only', () => {
    const layout = get(layoutGetUrl(channels.sv));
    expect(isCatalogRead(layout.request, layout.url, origin)).toBe(true);
    const product = get(catalogGetUrl('ProductPage', { alias: 'x' }));
    expect(isCatalogRead(product.request, product.url, origin)).toBe(true);
    const posted = get('/graphql', 'POST');
    expect(isCatalogRead(posted.request, posted.url, origin)).toBe(false);
  });

  it('never keeps the cart, a query sent with its own text, a wrong hash or another origin', () => {
    const cart = get(`/graphql?operationName=Cart&variables=%7B%7D`);
    expect(isCatalogRead(cart.request, cart.url, origin)).toBe(false);
    const ownText = get(`${layoutGetUrl(channels.sv)}&query=${encodeURIComponent('{ getCart(id: "x") { id } }')}`);
    expect(isCatalogRead(ownText.request, ownText.url, origin)).toBe(false);
    const wrongHash = get(layoutGetUrl(channels.sv).replace(/sha256Hash%22%3A%22[0-9a-f]{8}/, 'sha256Hash%22%3A%2200000000'));
    expect(isCatalogRead(wrongHash.request, wrongHash.url, origin)).toBe(false);
    const elsewhere = get(`https://other.example${layoutGetUrl(channels.sv)}`);
    expect(isCatalogRead(elsewhere.request, elsewhere.url, origin)).toBe(false);
  });

  it('stores only complete answers the server lets anyone keep', () => {
    expect(isStorable(new Response('ok', { headers: { 'Cache-Control': 'no-cache' } }))).toBe(true);
    expect(isStorable(new Response('mine', { headers: { 'Cache-Control': 'private, no-store' } }))).toBe(false);
    expect(isStorable(new Response('gone', { status: 404 }))).toBe(false);
  });

  it('takes the shop’s pictures and keeps the API and sign-in out of the page fallback', () => {
    const image = get('/images/p12-1.svg');
    expect(isShopImage(image.request, image.url, origin)).toBe(true);
    for (const path of ['/graphql', '/en/graphql?x=1', '/auth/login', '/healthz', '/mail/orderconfirmed', '/dev/mailbox', '/en/dev/mailbox/1']) expect(NOT_PAGES.test(path), path).toBe(true);
    for (const path of ['/', '/en/p/zelda', '/mailbox-game', '/developer-games']) expect(NOT_PAGES.test(path), path).toBe(false);
  });

  it('drops only its own older runtime caches', () => {
    expect(isOutdatedRuntimeCache('pages-v0')).toBe(true);
    expect(isOutdatedRuntimeCache('pages-v1')).toBe(false);
    expect(isOutdatedRuntimeCache('workbox-precache-v2-https://shop.example/')).toBe(false);
    expect(isOutdatedRuntimeCache('outbox-v1')).toBe(false);
  });
});

describe('catalog answers the worker keeps', () => {
  const answer = (body: unknown, cacheControl = 'no-cache') =>
    new Response(typeof body === 'string' ? body : JSON.stringify(body), { headers: { 'Cache-Control': cacheControl, 'Content-Type': 'application/json' } });

  it('keeps a clean answer, and leaves its body readable for the cache', async () => {
    const response = answer({ data: { categories: [] } });
    expect(await isStorableGraphQL(response)).toBe(true);
    expect(await response.json()).toEqual({ data: { categories: [] } });
  });

  it('never keeps an answer with errors (a timed-out read answers 200), an unreadable one or a no-store one', async () => {
    expect(await isStorableGraphQL(answer({ data: null, errors: [{ message: 'x', extensions: { code: 'OPERATION_TIMEOUT' } }] }))).toBe(false);
    expect(await isStorableGraphQL(answer({ data: { a: 1 }, errors: [{ message: 'partial' }] }))).toBe(false);
    expect(await isStorableGraphQL(answer('<html>'))).toBe(false);
    expect(await isStorableGraphQL(answer({ data: {} }, 'private, no-store'))).toBe(false);
  });
});

describe('an admin’s previews of unpublished content', () => {
  it('are never the worker’s to keep: /content/{alias} and /preview-widgets in both languages, with any query', () => {
    for (const path of ['/content/kommer-snart', '/en/content/coming-soon', '/content/x/', '/preview-widgets', '/en/preview-widgets?x=1', '/content/kommer-snart?previewToken=t']) {
      expect(isPreviewUrl(new URL(path, origin)), path).toBe(true);
    }
    // The catch-all's published pages and the lists stay the worker's, as every other page.
    for (const path of ['/om-oss', '/en/about-us', '/contents', '/content', '/l/handplockat', '/preview-widgetsx', '/en/p/content']) {
      expect(isPreviewUrl(new URL(path, origin)), path).toBe(false);
    }
  });
});

describe('windows a new version must wait for', () => {
  it('finds the checkout and its return pages in both languages', () => {
    for (const path of ['/kassan', '/en/checkout', '/checkout/confirm?order=1', '/en/checkout/klarna-fail']) {
      expect(isCheckoutUrl(`${origin}${path}`)).toBe(true);
    }
  });

  it('lets every other page update', () => {
    for (const path of ['/', '/en', '/c/konsoler', '/p/mario', '/en/favorites', '/kassan-info']) {
      expect(isCheckoutUrl(`${origin}${path}`)).toBe(false);
    }
  });
});

describe('how fresh a catalog read must be', () => {
  it('reads products and product lists from the network first, the menus and categories from the cache', () => {
    expect(isFreshnessCritical(new URL(catalogGetUrl('ProductPage', { alias: 'x' }), origin))).toBe(true);
    expect(isFreshnessCritical(new URL(catalogGetUrl('ProductListPage', {}), origin))).toBe(true);
    expect(isFreshnessCritical(new URL(layoutGetUrl(channels.sv), origin))).toBe(false);
    expect(isFreshnessCritical(new URL(catalogGetUrl('CategoryByAlias', {}), origin))).toBe(false);
  });
});
