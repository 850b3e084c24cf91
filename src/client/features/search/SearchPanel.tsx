import './search-panel.css';
import { FormattedMessage, useIntl } from '../../i18n/intl';
import { Link } from '../../components/Link';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { PriceTag } from '../../components/PriceTag';
import { ProductImage } from '../../components/ProductImage';
import { FETCH_DELAY_MS } from './search-constants';
import { useDebouncedValue } from './use-debounced-value';
import { panelState, type PanelState } from './panel-state';
import type { SearchSuggestionsState, SuggestedProduct } from './use-search-suggestions';

/** One entry of the listbox: a suggested product, or a recent or popular term that runs its search. */
export type SearchOption =
  | { key: string; kind: 'product'; product: SuggestedProduct; href: string }
  | { key: string; kind: 'recent' | 'top'; term: string; href: string };

interface SearchPanelProps {
  id: string;
  listboxId: string;
  open: boolean;
  search: SearchSuggestionsState;
  limit: number;
  languageId: LanguageId;
  options: readonly SearchOption[];
  activeIndex: number;
  optionId: (index: number) => string;
  showsRecents: boolean;
  onPick: (option: SearchOption) => void;
  onLinkFollowed: () => void;
  onSeeAll: () => void;
  onClearRecents: () => void;
  onClose: () => void;
}

export function SearchPanel(props: SearchPanelProps) {
  const { search, open, options } = props;
  const intl = useIntl();
  const state = panelState(search);
  // A pending fetch shows its spinner only after the fetch delay, so a quick answer never flashes one.
  const pendingLong = useDebouncedValue(search.loading, FETCH_DELAY_MS);
  const showSpinner = search.loading && pendingLong;
  const count = search.suggestions?.count ?? 0;
  const exact = search.suggestions?.countExact ?? true;
  const tags = search.current ? (search.suggestions?.tags ?? []) : [];

  const listLabel = !search.term
    ? intl.formatMessage({ id: props.showsRecents ? 'search.recent' : 'search.top' })
    : intl.formatMessage({ id: 'search.products' });

  return (
    <div id={props.id} className={`search-panel search-panel--${state}`} data-state={state} hidden={!open}>
      {open && (
        <div className="search-panel__head">
          <h2 className="search-panel__heading">{listLabel}</h2>
          {!search.term && props.showsRecents && (
            <button type="button" className="button search-panel__clear-recents" aria-label={intl.formatMessage({ id: 'search.recentClearLabel' })} onClick={props.onClearRecents}>
              <FormattedMessage id="search.recentClear" />
            </button>
          )}
          <button type="button" className="icon-button search-panel__close" aria-label={intl.formatMessage({ id: 'search.close' })} onClick={props.onClose}>
            <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        </div>
      )}
      {/* The live region stays mounted so each new state is announced. */}
      <p role="status" className={`search-panel__status${state === 'results' ? ' visually-hidden' : ''}`}>
        {open && <StatusText state={state} term={search.term} count={count} exact={exact} showSpinner={showSpinner} />}
      </p>
      <ul role="listbox" id={props.listboxId} aria-label={listLabel} className={`search-panel__options search-panel__options--${search.term ? 'products' : 'terms'}`}>
        {open &&
          options.map((option, index) => (
            <li key={option.key} role="presentation">
              <Link
                role="option"
                id={props.optionId(index)}
                aria-selected={index === props.activeIndex}
                tabIndex={-1}
                to={option.href}
                className={`search-option search-option--${option.kind}`}
                onClick={() => props.onPick(option)}
              >
                {option.kind === 'product' ? <ProductOption product={option.product} /> : <TermOption kind={option.kind} term={option.term} />}
              </Link>
            </li>
          ))}
      </ul>
      {open && tags.length > 0 && (
        <section className="search-panel__tags" aria-labelledby={`${props.id}-tags`}>
          <h2 id={`${props.id}-tags`} className="search-panel__heading">
            <FormattedMessage id="search.tags" />
          </h2>
          <ul>
            {tags.map((tag) => {
              // Labels repeat ('Sega' the brand and under three categories): the parent or "brand" tells them apart.
              const context = tag.kind === 'BRAND' ? intl.formatMessage({ id: 'search.tagBrand' }) : (tag.parentLabel ?? intl.formatMessage({ id: 'search.tagCategory' }));
              return (
                <li key={tag.canonicalUrl}>
                  <Link
                    to={tag.canonicalUrl}
                    className="search-tag"
                    aria-label={intl.formatMessage({ id: 'search.tagName' }, { label: tag.label, context })}
                    onClick={props.onLinkFollowed}
                  >
                    <span className="search-tag__label">{tag.label}</span>
                    <span className="search-tag__context">{context}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {open && search.current && count > 0 && (
        <Link to={routes.search(search.term, props.languageId)} className="button button--primary search-panel__see-all" onClick={props.onSeeAll}>
          <FormattedMessage id="search.seeAll" values={{ count, exact }} />
        </Link>
      )}
    </div>
  );
}

function StatusText({ state, term, count, exact, showSpinner }: { state: PanelState; term: string; count: number; exact: boolean; showSpinner: boolean }) {
  switch (state) {
    case 'loading':
    case 'loading-empty':
      return showSpinner ? (
        <>
          <span className="search-spinner" aria-hidden="true" />
          <FormattedMessage id="search.loading" />
        </>
      ) : null;
    case 'no-results':
      return <FormattedMessage id="SEARCH_NO_RESULTS" values={{ term }} />;
    case 'no-suggestions':
      return <FormattedMessage id="SEARCH_NO_SUGGESTIONS" values={{ term }} />;
    case 'error':
      return <FormattedMessage id="error.generic" />;
    case 'results':
      return <FormattedMessage id="search.resultCount" values={{ count, exact }} />;
    case 'idle':
      return null;
  }
}

function ProductOption({ product }: { product: SuggestedProduct }) {
  return (
    <>
      {/* The name follows as text, so the picture (or its placeholder) is decorative here. */}
      <span className="search-option__image" aria-hidden="true">
        <ProductImage images={product.images} name="" size={64} />
      </span>
      <span className="search-option__text">
        {product.brand && <span className="search-option__brand">{product.brand.name}</span>}
        <span className="search-option__name">{product.name}</span>
        <PriceTag price={product.unitPrice} className="search-option__price" />
      </span>
    </>
  );
}

function TermOption({ kind, term }: { kind: 'recent' | 'top'; term: string }) {
  return (
    <>
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="search-option__icon">
        {kind === 'recent' ? (
          <>
            <circle cx="12" cy="12" r="8.5" stroke="currentColor" strokeWidth="2" fill="none" />
            <path d="M12 7.5V12l3 2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
          </>
        ) : (
          <path d="M4 16l5-5 4 4 7-7M15 8h5v5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" fill="none" />
        )}
      </svg>
      <span>{term}</span>
    </>
  );
}
