// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IntlProvider } from '../../i18n/intl';
import { catalogs } from '../../i18n/intl-test-kit';
import { startRequest } from '../../lib/pending-requests';
import { BAR_HIDE_MS, BAR_THROTTLE_MS, NavigationProgress, SPINNER_DELAY_MS } from './NavigationProgress';

/** A loader that answers when the test says so. */
function controlled() {
  let settle: { resolve: () => void; reject: (error: unknown) => void } = { resolve: () => undefined, reject: () => undefined };
  const loader = () =>
    new Promise<null>((resolve, reject) => {
      settle = { resolve: () => resolve(null), reject };
    });
  return { loader, resolve: () => settle.resolve(), reject: (error: unknown) => settle.reject(error) };
}

function renderApp() {
  const slow = controlled();
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: (
          <>
            <NavigationProgress />
            <Outlet />
          </>
        ),
        children: [
          { index: true, element: <p>home</p> },
          { path: 'slow', loader: slow.loader, element: <p>slow page</p>, errorElement: <p>error page</p> },
          { path: 'list', loader: slow.loader, element: <p>list</p> },
          { path: 'broken', loader: () => Promise.reject(new Error('Response not successful: Received status code 502')), element: <p>broken page</p>, errorElement: <p>error page</p> },
        ],
      },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <IntlProvider locale="sv-SE" messages={catalogs.sv}>
      <RouterProvider router={router} />
    </IntlProvider>,
  );
  return { router, slow };
}

const bar = () => document.querySelector('.progress-bar')?.getAttribute('data-state');
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** Starts a data request as Apollo's link does; answers the function that ends it. */
function request(): () => void {
  let end = () => undefined as void;
  act(() => {
    end = startRequest();
  });
  return () => act(() => end());
}

describe('NavigationProgress', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows the bar only once a page change has taken 200 ms, and hides it 500 ms after the finish', async () => {
    const { router, slow } = renderApp();
    await act(async () => void router.navigate('/slow'));
    await advance(BAR_THROTTLE_MS - 1);
    expect(bar()).toBe('waiting');
    expect(screen.queryByRole('progressbar')).toBeNull();
    await advance(1);
    expect(screen.getByRole('progressbar', { name: 'Sidan laddas' })).toBeTruthy();
    expect(bar()).toBe('running');
    await act(async () => slow.resolve());
    expect(bar()).toBe('done');
    await advance(BAR_HIDE_MS - 1);
    expect(bar()).toBe('done');
    await advance(1);
    expect(bar()).toBe('idle');
  });

  it('never shows the bar for a page that comes within 200 ms', async () => {
    const { router, slow } = renderApp();
    await act(async () => void router.navigate('/slow'));
    await advance(BAR_THROTTLE_MS - 50);
    await act(async () => slow.resolve());
    expect(bar()).toBe('idle');
    await advance(BAR_HIDE_MS);
    expect(bar()).toBe('idle');
  });

  it('turns the bar red when the page change ends on the error page, even a quick one', async () => {
    const { router, slow } = renderApp();
    await act(async () => void router.navigate('/slow'));
    await act(async () => slow.reject(new Error('Response not successful: Received status code 502')));
    expect(screen.getByText('error page')).toBeTruthy();
    expect(bar()).toBe('failed');
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await advance(BAR_HIDE_MS);
    expect(bar()).toBe('idle');
  });

  it('turns the bar red when the page change ends on the error page in the very render that would have shown it start', async () => {
    const { router } = renderApp();
    // React renders the router's transitions together when one comes before the last is done (another transition
    // pending, a busy phone): the page change's start and its end are then one render.
    await act(async () => {
      await router.navigate('/broken');
    });
    expect(screen.getByText('error page')).toBeTruthy();
    expect(bar()).toBe('failed');
    await advance(BAR_HIDE_MS);
    expect(bar()).toBe('idle');
  });

  it('takes the red bar away when a page that came at once follows a failed one', async () => {
    const { router } = renderApp();
    await act(async () => {
      await router.navigate('/broken');
    });
    expect(bar()).toBe('failed');
    await act(async () => {
      await router.navigate('/');
    });
    expect(screen.getByText('home')).toBeTruthy();
    expect(bar()).toBe('idle');
  });

  it('does not start the bar for a change of the query alone (a list\'s filters)', async () => {
    const { router, slow } = renderApp();
    await act(async () => void router.navigate('/list'));
    await act(async () => slow.resolve());
    await advance(BAR_HIDE_MS);
    await act(async () => void router.navigate('/list?sort=price'));
    await advance(BAR_THROTTLE_MS * 2);
    expect(bar()).toBe('idle');
    await act(async () => slow.resolve());
  });

  it('shows the spinner only after 1000 ms of any pending data request, and hides it when none is left', async () => {
    renderApp();
    const end = request();
    await advance(SPINNER_DELAY_MS - 1);
    expect(screen.queryByRole('status')).toBeNull();
    await advance(1);
    expect(screen.getByRole('status', { name: 'Laddar' })).toBeTruthy();
    end();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('starts the spinner wait again for each new wait', async () => {
    renderApp();
    const first = request();
    await advance(SPINNER_DELAY_MS - 100);
    first();
    const second = request();
    await advance(SPINNER_DELAY_MS - 100);
    expect(screen.queryByRole('status')).toBeNull();
    second();
  });
});
