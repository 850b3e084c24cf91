import type { SearchSuggestionsState } from './use-search-suggestions';

/** Loading (earlier answers stay in view), loading-empty (nothing to show yet), no-results. */
export type PanelState = 'idle' | 'loading' | 'loading-empty' | 'no-results' | 'no-suggestions' | 'error' | 'results';

export function panelState(search: Pick<SearchSuggestionsState, 'term' | 'loading' | 'suggestions' | 'failed'>): PanelState {
  if (!search.term) return 'idle';
  const products = search.suggestions?.products.length ?? 0;
  if (search.loading) return products > 0 ? 'loading' : 'loading-empty';
  if (search.failed) return 'error';
  if (products > 0) return 'results';
  // Nothing sold matches, but a category or brand name does: those links are the suggestions left.
  return search.suggestions?.tags.length ? 'no-suggestions' : 'no-results';
}
