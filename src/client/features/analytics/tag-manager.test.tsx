// @vitest-environment happy-dom
import { act, cleanup, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ShopProvider, type ShopContextValue } from '../../lib/shop-context';
import { pageRouteHandle } from '../../lib/page-route';
import { markPageHydrated } from '../../hooks/use-hydrated';
import { defaultPersistedState } from '../../lib/persisted-state';
import { reportPageStatus } from './page-status';
import { PageViews } from './page-views';
import { TrackedPageViews, trackedUrl } from './tag-manager';

function Frame() {
  return (
    <>
      <TrackedPageViews />
      <Outlet />
    </>
  );
}

/** The layout's way: the page views' code loads once mounted after hydration (page-views.tsx). */
function LazyFrame() {
  return (
    <>
      <PageViews />
      <Outlet />
    </>
  );
}

function renderShop(gtmId: string | null, initialPath: string, frame = Frame) {
  const shop: ShopContextValue = { variant: 'games', gtmId, demo: false, demoNoticeClosed: false, origin: 'http://shop.test', persisted: defaultPersistedState(), cookieConsent: true };
  const router = createMemoryRouter(
    [
      {
        path: '/',
        Component: frame,
        children: [
          { index: true, handle: pageRouteHandle('home'), element: <p>home</p> },
          { path: 'p/:alias', handle: pageRouteHandle('product'), element: <p>product</p> },
          { path: '*', handle: pageRouteHandle('notFound'), element: <p>x</p> },
        ],
      },
    ],
    { initialEntries: [initialPath] },
  );
  render(
    <ShopProvider value={shop}>
      <RouterProvider router={router} />
    </ShopProvider>,
  );
  return router;
}

describe('tag manager page views', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    delete window.dataLayer;
    document.head.innerHTML = '';
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('pushes a Page Impression per route with type, url, status and title, 500 ms after it settles', async () => {
    // The container script is asserted, not fetched.
    const append = vi.spyOn(document.head, 'append').mockImplementation(() => undefined);
    const router = renderShop('GTM-TEST1', '/');
    document.title = 'Start';
    expect((append.mock.calls[0]?.[0] as HTMLScriptElement).src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST1');
    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(window.dataLayer?.filter((e) => e.event === 'Page Impression')).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(1));
    await act(() => router.navigate('/p/super-mario?x=1'));
    document.title = 'Super Mario';
    reportPageStatus(404);
    await act(() => vi.advanceTimersByTimeAsync(500));
    await act(() => router.navigate('/p/zelda'));
    document.title = 'Zelda';
    await act(() => vi.advanceTimersByTimeAsync(500));
    const views = window.dataLayer?.filter((e) => e.event === 'Page Impression');
    expect(views).toEqual([
      { event: 'Page Impression', pageType: 'home', url: '/', status: 200, title: 'Start' },
      { event: 'Page Impression', pageType: 'notFound', url: '/p/super-mario?x=1', status: 404, title: 'Super Mario' },
      // The page type is the route table's, carried by the matched route.
      { event: 'Page Impression', pageType: 'product', url: '/p/zelda', status: 200, title: 'Zelda' },
    ]);
  });

  it('does nothing without a container id', async () => {
    renderShop(null, '/');
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(window.dataLayer).toBeUndefined();
    expect(document.head.querySelector('script')).toBeNull();
  });

  it('never tracks the order token of the confirmation page', () => {
    expect(trackedUrl('/checkout/confirm', '?order=abc&token=s3cret')).toBe('/checkout/confirm?order=abc');
    expect(trackedUrl('/account/reset-password', '?key=k3y')).toBe('/account/reset-password');
    expect(trackedUrl('/', '?loginToken=t0ken&open=cart')).toBe('/?open=cart');
    expect(trackedUrl('/allt', '')).toBe('/allt');
    expect(trackedUrl('/allt', '?sort=LATEST')).toBe('/allt?sort=LATEST');
  });
});

describe('the page views as the layout mounts them', () => {
  afterEach(() => {
    cleanup();
    delete window.dataLayer;
  });

  it("loads their code once the page's controls work and still reports the first page", async () => {
    vi.spyOn(document.head, 'append').mockImplementation(() => undefined);
    renderShop('GTM-TEST1', '/p/zelda', LazyFrame);
    document.title = 'Zelda';
    expect(window.dataLayer).toBeUndefined();
    act(() => markPageHydrated());
    await vi.waitFor(() => expect(window.dataLayer?.filter((e) => e.event === 'Page Impression')).toEqual([{ event: 'Page Impression', pageType: 'product', url: '/p/zelda', status: 200, title: 'Zelda' }]), {
      timeout: 5000,
    });
  });
});
