import { useId, useRef, useState } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from '../../i18n/intl';
import { useLoaderData } from 'react-router';
import { Link } from '../../components/Link';
import { routes } from '../../../shared/routes';
import { useLanguageId } from '../../hooks/use-language';
import { Head } from '../../components/Head';
import type { ListData, listLoader as loadList, parseSelection } from './list/list-loader';
import { LoadMore, LoadPrevious } from './list/ListPager';
import { activeFilterCount, withSort } from './list/selection';
import type { ListTitle } from './list/sources';
import { SortSelect } from './list/SortSelect';
import { useListNavigation } from './list/use-list-navigation';
import { ProductGrid } from './ProductCard';
import { lazyPart } from '../../lib/lazy-part';
import { loadLoaderChunk } from '../../lib/chunk-guard';
import { OptionalChunk } from '../../components/ChunkBoundary';

export type { ListData } from './list/list-loader';
export type { ListRoute } from './list/sources';

/** The code of this page's parts that load apart, for the first page's hydration (app/routes.tsx). */
export { preloadShownParts } from '../../lib/lazy-part';

/**
 * The filters (lib/lazy-part.ts): on a phone the panel is hidden behind its button and no filter is chosen on most
 * first visits, so neither waits for its code before the list hydrates there; on a wide screen the panel is the
 * sidebar, shown, and its code comes before hydrating (asked for by the shell, as the server's HTML cannot tell a
 * phone: mayBeHidden). A list opened later gets both with its data.
 */
const filters = lazyPart(() => import('./list/FilterPanel').then((loaded) => loaded.FilterPanel), '.list-filters', {
  file: 'catalog/list/FilterPanel',
  mayBeHidden: true,
});
const FilterPanel = filters.Part;
const activeFilters = lazyPart(() => import('./list/ActiveFilters').then((loaded) => loaded.ActiveFilters), '.active-filters', { file: 'catalog/list/ActiveFilters' });
const ActiveFilters = activeFilters.Part;

/** The loader's URL reader, once its chunk is here: the list's controls read a change that came from elsewhere with it. */
let parsePending: typeof parseSelection | undefined;
/** The loader's code (its sources, queries and their documents, about 3 KiB brotli), a chunk apart (app/start.tsx, preloadPage). */
export const preloadLoader = () =>
  import('./list/list-loader').then((loaded) => {
    parsePending = loaded.parseSelection;
    return loaded;
  });
export async function listLoader(...args: Parameters<typeof loadList>): Promise<ListData> {
  // The filters' code is optional: should it not come, the list still opens (the parts are left out).
  const [loader] = await Promise.all([loadLoaderChunk(preloadLoader, args[0]), filters.preload()?.catch(() => undefined), activeFilters.preload()?.catch(() => undefined)]);
  return loader.listLoader(...args);
}

const titleText = (intl: IntlShape, title: ListTitle) => ('text' in title ? title.text : intl.formatMessage({ id: title.messageId }, title.values));

/** Every product list (category, brand, campaign, search, all, generic): filters, sorting and paging from the URL. */
export function ListPage() {
  const data = useLoaderData() as ListData;
  const intl = useIntl();
  const nav = useListNavigation(data, parsePending);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const title = titleText(intl, data.title);
  const filterCount = activeFilterCount(nav.selection);
  const nothingToFilter = data.count === 0 && filterCount === 0;
  const closeFilters = () => {
    setFiltersOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <div className="page list-page">
      <Head title={title} description={data.description || undefined} canonical={data.canonicalUrl} alternates={data.alternates} />
      {data.noindex && <meta name="robots" content="noindex, follow" />}
      <h1 className="page__title">{title}</h1>
      {data.description && <p className="page__lead">{data.description}</p>}

      {nothingToFilter ? (
        <NoProducts searchText={data.searchText} />
      ) : (
        <>
          <div className="list-toolbar">
            <button
              ref={toggleRef}
              type="button"
              className="button list-toolbar__filter"
              aria-expanded={filtersOpen}
              aria-controls={panelId}
              onClick={() => setFiltersOpen(!filtersOpen)}
            >
              <FormattedMessage id="list.filter.toggle" values={{ count: filterCount }} />
            </button>
            <p className="list-toolbar__total">
              <FormattedMessage id="list.total" values={{ count: data.count, exact: data.countExact }} />
            </p>
            <SortSelect rules={data.sortRules} value={nav.selection.sort} onChange={(sort) => nav.apply(withSort(nav.selection, sort))} />
          </div>
          {/* Only with a filter chosen: the server's HTML asks for the chips' code wherever the part is drawn. */}
          {filterCount > 0 && (
            <OptionalChunk>
              <ActiveFilters groups={data.groups} selection={nav.selection} onChange={nav.apply} />
            </OptionalChunk>
          )}
          <div className="list-page__body">
            <OptionalChunk>
              <FilterPanel
                id={panelId}
                open={filtersOpen}
                groups={data.groups}
                selection={nav.selection}
                priceBounds={data.priceBounds}
                count={data.count}
                countExact={data.countExact}
                onChange={nav.apply}
                onDone={closeFilters}
              />
            </OptionalChunk>
            <section className="list-page__results" aria-labelledby="list-results-heading" aria-busy={nav.busy}>
              {/* The cards' names are h3: the outline needs this level between them and the page's h1. */}
              <h2 id="list-results-heading" className="visually-hidden">
                {intl.formatMessage({ id: 'list.results' })}
              </h2>
              <LoadPrevious nav={nav} selection={data.selection} />
              {data.products.length ? (
                // A phone's first screen shows the first row of two: the other pictures wait for hydration (LazyImage).
                <ProductGrid products={data.products} eagerCount={2} />
              ) : (
                <NoProducts searchText={data.searchText} />
              )}
              <LoadMore nav={nav} selection={data.selection} shownCount={data.products.length} total={data.count} exact={data.countExact} />
            </section>
          </div>
        </>
      )}
    </div>
  );
}

function NoProducts({ searchText }: { searchText: string | null }) {
  const languageId = useLanguageId();
  if (searchText === null) {
    return (
      <p className="list-page__empty">
        <FormattedMessage id="list.empty" />
      </p>
    );
  }
  return (
    <div className="list-page__empty">
      <p>
        <FormattedMessage id="list.search.noResults" values={{ search: searchText }} />
      </p>
      <p>
        <FormattedMessage id="list.search.noResultsHint" />
      </p>
      <Link className="button" to={routes.all(languageId)}>
        <FormattedMessage id="list.browseAll" />
      </Link>
    </div>
  );
}
