// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { closePanel, ui } from '../../lib/ui-state';
import { useOpenFromUrl } from './PwaControls';

function Opener() {
  useOpenFromUrl();
  return null;
}

/** Where the test mounts the hook itself: at once, or (`later`) at a tap on "mount". */
let later = false;

function Page() {
  const [opener, setOpener] = useState(!later);
  return (
    <>
      <output>{String(useLoaderData())}</output>
      {opener ? (
        <Opener />
      ) : (
        <button type="button" onClick={() => setOpener(true)}>
          mount
        </button>
      )}
    </>
  );
}

/** A shop of two products whose loader counts its runs; `hold` keeps the next run unanswered until released. */
function renderShop(url: string) {
  let runs = 0;
  let held: (() => void) | null = null;
  let hold = false;
  const loader = () => {
    runs += 1;
    if (!hold) return runs;
    hold = false;
    const answer = runs;
    return new Promise<number>((resolve) => (held = () => resolve(answer)));
  };
  const router = createMemoryRouter([{ path: '/p/:alias', loader, Component: Page, hydrateFallbackElement: <p>loading</p> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return {
    router,
    runs: () => runs,
    holdNext: () => (hold = true),
    release: () => act(async () => held?.()),
  };
}

const settled = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the shortcuts\' ?open=', () => {
  afterEach(() => {
    cleanup();
    later = false;
    closePanel();
    ui.searchOpen = false;
  });

  it('opens the panel, and leaves the address without running the loader again', async () => {
    const shop = renderShop('/p/zelda?sort=price&open=cart');
    await settled();
    expect(ui.panel).toBe('cart');
    expect(shop.router.state.location.search).toBe('?sort=price');
    expect(shop.runs()).toBe(1);
    // Any other change of the address loads as before.
    await act(() => shop.router.navigate('/p/mario?open=search'));
    await settled();
    expect(ui.searchOpen).toBe(true);
    expect(shop.router.state.location).toMatchObject({ pathname: '/p/mario', search: '' });
    expect(shop.runs()).toBe(2);
    await act(() => shop.router.navigate('/p/mario?sort=name'));
    expect(shop.runs()).toBe(3);
  });

  it('waits for a revalidation under way rather than cut it short', async () => {
    later = true;
    const shop = renderShop('/p/zelda?open=cart');
    await settled();
    shop.holdNext();
    void shop.router.revalidate();
    await settled();
    expect(shop.router.state.revalidation).toBe('loading');
    await act(async () => screen.getByRole('button', { name: 'mount' }).click());
    await settled();
    expect(ui.panel).toBe('cart');
    expect(shop.router.state.location.search).toBe('?open=cart');
    await shop.release();
    await settled();
    expect(shop.router.state.location.search).toBe('');
    expect(shop.router.state.loaderData['0']).toBe(2);
    expect(shop.runs()).toBe(2);
  });

  it('opens nothing over a page the shopper is already leaving for, nor again on Back to the entry it opened on', async () => {
    later = true;
    const shop = renderShop('/p/zelda?open=cart');
    await settled();
    shop.holdNext();
    await act(async () => void shop.router.navigate('/p/mario'));
    await settled();
    expect(shop.router.state.navigation.state).toBe('loading');
    await act(async () => screen.getByRole('button', { name: 'mount' }).click());
    await settled();
    expect(ui.panel).toBe('');
    await shop.release();
    await settled();
    expect(shop.router.state.location.pathname).toBe('/p/mario');
    expect(ui.panel).toBe('');

    // Opened, then left before the parameter could go (a revalidation under way): Back does not open it again.
    cleanup();
    const again = renderShop('/p/zelda?open=search');
    await settled();
    again.holdNext();
    void again.router.revalidate();
    await settled();
    await act(async () => screen.getByRole('button', { name: 'mount' }).click());
    expect(ui.searchOpen).toBe(true);
    expect(again.router.state.location.search).toBe('?open=search');
    ui.searchOpen = false;
    await act(() => again.router.navigate('/p/mario'));
    await act(() => again.router.navigate(-1));
    await settled();
    expect(again.router.state.location.pathname).toBe('/p/zelda');
    expect(ui.searchOpen).toBe(false);
    expect(again.router.state.location.search).toBe('');
  });
});
