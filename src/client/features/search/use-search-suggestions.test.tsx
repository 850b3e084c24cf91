// @vitest-environment happy-dom
import { ApolloClient, ApolloLink } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Observable } from 'rxjs';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCache } from '../../lib/apollo';
import type { LanguageId } from '../../../shared/locales';
import type { Suggestions } from './use-search-suggestions';
import { useSearchSuggestions } from './use-search-suggestions';

function suggestionsFor(term: string, products: number): Suggestions {
  return {
    __typename: 'SearchSuggestions',
    count: products,
    countExact: true,
    tags: [],
    products: Array.from({ length: products }, (_, i) => ({
      __typename: 'Product' as const,
      productId: i + 1,
      name: `${term} ${i + 1}`,
      canonicalUrl: `/p/${term}-${i + 1}`,
      images: null,
      brand: null,
      unitPrice: {
        __typename: 'Price' as const,
        isDiscounted: false,
        regularPriceIncVatFormatted: '100 kr',
        sellingPriceIncVatFormatted: '100 kr',
        regularPriceExVatFormatted: '80 kr',
        sellingPriceExVatFormatted: '80 kr',
        sellingPriceIncVat: 100,
        sellingPriceExVat: 80,
        discountPercentage: 0,
      },
    })),
  };
}

interface PendingRequest {
  variables: Record<string, unknown>;
  answer: (products: number) => void;
  fail: () => void;
}

/** A real Apollo client whose server answers only when the test says so, in any order. */
function controlledServer() {
  const requests: PendingRequest[] = [];
  const link = new ApolloLink(
    (operation) =>
      new Observable((observer) => {
        const term = String(operation.variables.searchText);
        requests.push({
          variables: operation.variables,
          answer: (products) => {
            observer.next({ data: { searchSuggestions: suggestionsFor(term, products) } });
            observer.complete();
          },
          fail: () => observer.error(new Error('Network request failed')),
        });
      }),
  );
  const client = new ApolloClient({ cache: createCache(), link });
  const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
  return { requests, wrapper };
}

function renderSearch(initial: { text: string; limit?: number; languageId?: LanguageId }) {
  const server = controlledServer();
  const hook = renderHook(({ text, limit, languageId }) => useSearchSuggestions(text, limit, languageId), {
    initialProps: { limit: 10, languageId: 'sv' as LanguageId, ...initial },
    wrapper: server.wrapper,
  });
  const type = (text: string, limit = 10, languageId: LanguageId = 'sv') => hook.rerender({ text, limit, languageId });
  return { ...hook, ...server, type };
}

const wait = (ms: number) => act(async () => void (await vi.advanceTimersByTimeAsync(ms)));
const settle = () => act(async () => void (await vi.advanceTimersByTimeAsync(0)));

describe('useSearchSuggestions', () => {
  // The query's document is a chunk the first question loads: here it is loaded already, so the fake clock alone
  // decides when a question goes out.
  beforeAll(() => import('../../graphql/generated/documents/SearchSuggestions'));
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('asks nothing for empty or blank text', async () => {
    const { result, requests, type } = renderSearch({ text: '' });
    await wait(1000);
    type('   ');
    await wait(1000);
    expect(requests).toHaveLength(0);
    expect(result.current).toMatchObject({ term: '', loading: false, suggestions: null });
  });

  it('is loading from the first keystroke and asks 500 ms after the last one, once', async () => {
    const { result, requests, type } = renderSearch({ text: '' });
    for (const text of ['z', 'ze', 'zel', 'zeld']) {
      type(text);
      expect(result.current.loading).toBe(true);
      await wait(300);
    }
    expect(requests).toHaveLength(0);
    await wait(200);
    expect(requests).toHaveLength(1);
    expect(requests[0]?.variables).toEqual({ searchText: 'zeld', limit: 10, channelId: '1|se', languageId: 'sv' });
    requests[0]?.answer(3);
    await settle();
    expect(result.current).toMatchObject({ term: 'zeld', loading: false, current: true, failed: false });
    expect(result.current.suggestions?.products.map((p) => p.name)).toEqual(['zeld 1', 'zeld 2', 'zeld 3']);
  });

  it('sends the phone limit and the English channel', async () => {
    const { requests, type } = renderSearch({ text: '' });
    type('mario', 5, 'en');
    await wait(500);
    expect(requests[0]?.variables).toEqual({ searchText: 'mario', limit: 5, channelId: '2|en', languageId: 'en' });
  });

  it('never lets a late answer to an older term replace the newer one', async () => {
    const { result, requests, type } = renderSearch({ text: '' });
    type('zel');
    await wait(500);
    type('zelda');
    await wait(500);
    expect(requests.map((r) => r.variables.searchText)).toEqual(['zel', 'zelda']);
    requests[1]?.answer(2);
    await settle();
    requests[0]?.answer(7);
    await settle();
    expect(result.current.current).toBe(true);
    expect(result.current.suggestions?.products.map((p) => p.name)).toEqual(['zelda 1', 'zelda 2']);
  });

  it('keeps loading when only the older term has been answered', async () => {
    const { result, requests, type } = renderSearch({ text: '' });
    type('zel');
    await wait(500);
    type('zelda');
    await wait(500);
    requests[0]?.answer(7);
    await settle();
    expect(result.current).toMatchObject({ term: 'zelda', loading: true, current: false });
    expect(result.current.suggestions).toBeNull();
  });

  it('marks a failed question as failed, not loading', async () => {
    const { result, requests, type } = renderSearch({ text: '' });
    type('zelda');
    await wait(500);
    requests[0]?.fail();
    await settle();
    expect(result.current).toMatchObject({ loading: false, current: true, failed: true, suggestions: null });
  });

  it('shows no results for emptied text and answers again when the same term comes back', async () => {
    const { result, requests, type } = renderSearch({ text: '' });
    type('zelda');
    await wait(500);
    requests[0]?.answer(2);
    await settle();
    type('');
    expect(result.current).toMatchObject({ loading: false, suggestions: null });
    act(() => result.current.reset());
    type('zelda');
    await wait(500);
    await settle();
    // The cache or a new request answers; either way the search does not hang in loading.
    requests.at(-1)?.answer(2);
    await settle();
    expect(result.current).toMatchObject({ loading: false, current: true });
    expect(result.current.suggestions?.products).toHaveLength(2);
  });
});
