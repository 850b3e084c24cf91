import { useIntl } from '../../i18n/intl';
import { panelState } from './panel-state';
import type { SearchSuggestionsState } from './use-search-suggestions';

/**
 * What SearchPanel renders while the search is closed (its live region and an empty listbox, hidden), without the
 * panel's code: the header shows it until that code has loaded (see SearchBar). A test holds the two alike.
 */
export function ClosedSearchPanel(props: {
  id: string;
  listboxId: string;
  search: Pick<SearchSuggestionsState, 'term' | 'loading' | 'suggestions' | 'failed'>;
  showsRecents: boolean;
}) {
  const { id, listboxId, search, showsRecents } = props;
  const intl = useIntl();
  const state = panelState(search);
  const listLabel = intl.formatMessage({ id: !search.term ? (showsRecents ? 'search.recent' : 'search.top') : 'search.products' });
  return (
    <div id={id} className={`search-panel search-panel--${state}`} data-state={state} hidden>
      <p role="status" className={`search-panel__status${state === 'results' ? ' visually-hidden' : ''}`} />
      <ul role="listbox" id={listboxId} aria-label={listLabel} className={`search-panel__options search-panel__options--${search.term ? 'products' : 'terms'}`} />
    </div>
  );
}
