import { describe, expect, it } from 'vitest';
import { panelState } from './panel-state';
import type { Suggestions } from './use-search-suggestions';

const answer = (products: number, tags = 0): Suggestions => ({
  __typename: 'SearchSuggestions',
  count: products,
  countExact: true,
  tags: Array.from({ length: tags }, (_, i) => ({ __typename: 'SearchTag' as const, label: `Tag ${i}`, canonicalUrl: `/c/tag-${i}`, kind: 'CATEGORY' as const, parentLabel: null })),
  products: Array.from({ length: products }, (_, i) => ({
    __typename: 'Product' as const,
    productId: i,
    name: `Product ${i}`,
    canonicalUrl: `/p/product-${i}`,
    images: null,
    brand: null,
    unitPrice: {
      __typename: 'Price' as const,
      isDiscounted: false,
      regularPriceIncVatFormatted: '1 kr',
      sellingPriceIncVatFormatted: '1 kr',
      regularPriceExVatFormatted: '0,80 kr',
      sellingPriceExVatFormatted: '0,80 kr',
      sellingPriceIncVat: 1,
      sellingPriceExVat: 0.8,
      discountPercentage: 0,
    },
  })),
});

describe('panelState (loading, loading-empty, no-results)', () => {
  it('is idle without text, whatever is left of an earlier answer', () => {
    expect(panelState({ term: '', loading: false, suggestions: null, failed: false })).toBe('idle');
  });

  it('is loading while an earlier answer with products stays in view', () => {
    expect(panelState({ term: 'zelda', loading: true, suggestions: answer(3), failed: false })).toBe('loading');
  });

  it('is loading-empty while nothing can be shown yet, even after an earlier no-results', () => {
    expect(panelState({ term: 'zel', loading: true, suggestions: null, failed: false })).toBe('loading-empty');
    expect(panelState({ term: 'zelda', loading: true, suggestions: answer(0), failed: false })).toBe('loading-empty');
  });

  it('says no results when nothing matches at all', () => {
    expect(panelState({ term: 'qxz', loading: false, suggestions: answer(0), failed: false })).toBe('no-results');
  });

  it('says no suggestions when only categories or brands match', () => {
    expect(panelState({ term: 'snes', loading: false, suggestions: answer(0, 2), failed: false })).toBe('no-suggestions');
  });

  it('shows results and reports a failed question', () => {
    expect(panelState({ term: 'zelda', loading: false, suggestions: answer(2), failed: false })).toBe('results');
    expect(panelState({ term: 'zelda', loading: false, suggestions: null, failed: true })).toBe('error');
  });
});
