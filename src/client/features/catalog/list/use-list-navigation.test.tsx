// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { ListData } from './list-loader';
import type { SortRules } from './selection';
import { parseSelection, toggled } from './selection-edits';
import { useListNavigation } from './use-list-navigation';

const RULES: SortRules = { defaultSort: 'BESTSELLERS', sorts: ['BESTSELLERS', 'LOWEST_PRICE'] };

/**
 * A list route whose loader answers when the test says so, with the selection its URL asks for less brand 13,
 * which this catalog does not have (the loader's answer wins over what was asked).
 */
function renderList(parse: typeof parseSelection | undefined) {
  const pending: (() => void)[] = [];
  let first = true;
  const loader = ({ request }: { request: Request }) => {
    const selection = parseSelection(new URL(request.url).searchParams, RULES);
    const data = { sortRules: RULES, selection: { ...selection, brands: selection.brands.filter((b) => b !== 13) } } as unknown as ListData;
    if (first) {
      first = false;
      return data;
    }
    return new Promise<ListData>((resolve) => pending.push(() => resolve(data)));
  };
  const router = createMemoryRouter([{ path: '/allt', loader, element: <Controls parse={parse} />, hydrateFallbackElement: <p>loading</p> }], { initialEntries: ['/allt'] });
  render(<RouterProvider router={router} />);
  /** Lets the oldest held loader answer. */
  const answer = () => act(async () => pending.shift()?.());
  return { router, answer };
}

function Controls({ parse }: { parse: typeof parseSelection | undefined }) {
  const data = useLoaderData() as ListData;
  const list = useListNavigation(data, parse);
  const brandHref = (brand: number) => list.hrefFor(toggled(list.selection, 'brands', brand));
  return (
    <>
      <output aria-label="brands">{list.selection.brands.join(',') || 'none'}</output>
      <output aria-label="busy">{String(list.busy)}</output>
      <output aria-label="loading 5">{String(list.isLoading('/allt?brands=5'))}</output>
      {[5, 6, 13].map((brand) => (
        <button key={brand} type="button" data-href={brandHref(brand)} onClick={() => list.apply(toggled(list.selection, 'brands', brand))}>
          brand {brand}
        </button>
      ))}
    </>
  );
}

const shown = (name: string) => screen.getByRole('status', { name }).textContent;
const tap = (name: string) => act(async () => screen.getByRole('button', { name }).click());

describe('useListNavigation', () => {
  afterEach(cleanup);

  it('shows a choice at once while its list loads, puts it in the URL, and then shows what the loader answered', async () => {
    const { router, answer } = renderList(parseSelection);
    await screen.findByRole('button', { name: 'brand 5' });
    expect(shown('brands')).toBe('none');
    expect(screen.getByRole('button', { name: 'brand 5' }).dataset.href).toBe('/allt?brands=5');

    await tap('brand 5');
    expect(router.state.navigation.location?.search).toBe('?brands=5');
    expect(shown('brands')).toBe('5');
    expect(shown('busy')).toBe('true');
    expect(shown('loading 5')).toBe('true');
    await answer();
    expect(router.state.location.search).toBe('?brands=5');
    expect(shown('brands')).toBe('5');
    expect(shown('busy')).toBe('false');

    // Asked for, but the loader drops it: the URL's answer wins once the list arrives.
    await tap('brand 13');
    expect(shown('brands')).toBe('5,13');
    await answer();
    expect(shown('brands')).toBe('5');
  });

  it("shows the controls' own choice while its list loads before the loader's parser has come too", async () => {
    const { answer } = renderList(undefined);
    await screen.findByRole('button', { name: 'brand 5' });
    await tap('brand 5');
    expect(shown('brands')).toBe('5');
    await tap('brand 6');
    expect(shown('brands')).toBe('5,6');
    await answer();
    await answer();
    expect(shown('brands')).toBe('5,6');
  });

  it('builds quick choices on each other, so the last request holds every one', async () => {
    const { router, answer } = renderList(parseSelection);
    await screen.findByRole('button', { name: 'brand 5' });
    await tap('brand 5');
    await tap('brand 6');
    expect(shown('brands')).toBe('5,6');
    expect(router.state.navigation.location?.search).toBe('?brands=5,6');
    // The first request was replaced by the second: one loader call is left to answer.
    await answer();
    await answer();
    expect(router.state.location.search).toBe('?brands=5,6');
    expect(shown('brands')).toBe('5,6');
  });

  it("shows a change that came from elsewhere from its URL once the loader's parser is there, and what is shown before", async () => {
    for (const [parse, whileLoading] of [
      [parseSelection, '6'],
      [undefined, 'none'],
    ] as const) {
      const { router, answer } = renderList(parse);
      await screen.findByRole('button', { name: 'brand 5' });
      // Back and forward, or a link: no choice of the controls' own.
      await act(async () => void router.navigate('/allt?brands=6'));
      expect(shown('brands')).toBe(whileLoading);
      expect(shown('busy')).toBe('true');
      await answer();
      expect(shown('brands')).toBe('6');
      cleanup();
    }
  });
});
