import { lazy, Suspense, useEffect, useEffectEvent, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useIntl } from '../../i18n/intl';
import { useNavigate } from 'react-router';
import type { LanguageId } from '../../../shared/locales';
import { routes } from '../../../shared/routes';
import { useShop } from '../../lib/shop-context';
import { PHONE_MEDIA_QUERY, SUGGESTIONS_ON_PHONE, SUGGESTIONS_OTHERWISE, TOP_SEARCH_TERMS } from './search-constants';
import type { SearchOption } from './SearchPanel';
import { ClosedSearchPanel } from './ClosedSearchPanel';
import { ChunkBoundary } from '../../components/ChunkBoundary';
import { useMediaQuery } from '../../hooks/use-media-query';
import { forgetRecentSearches, rememberSearch, useRecentSearches } from './use-recent-searches';
import { useSearchSuggestions } from './use-search-suggestions';

/**
 * The panel's code (suggestions, their query, recent terms) is not needed to show the closed search: it loads once
 * the page is idle or the shopper turns to the field, whichever comes first. Until then the closed panel's markup
 * stands in, the same the panel renders closed, so the server's HTML and the field's ARIA links stay as they are.
 */
const SearchPanel = lazy(() => import('./SearchPanel').then((module) => ({ default: module.SearchPanel })));

/** Page scroll stays put behind the open search on a phone. */
const SCROLL_LOCK_CLASS = 'search-scroll-lock';
/** At the latest this long after the search mounts, its panel's code loads even if the page never went idle. */
const PANEL_IDLE_TIMEOUT_MS = 3000;
const noRetry = () => undefined;

/**
 * The header search: a combobox whose panel suggests products and tags as the
 * shopper types, recent or popular searches while the field is empty, and a way to the results page.
 */
export function SearchBar({ languageId, onClose, autoFocus = false }: { languageId: LanguageId; onClose?: () => void; autoFocus?: boolean }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const { variant } = useShop();
  const isPhone = useMediaQuery(PHONE_MEDIA_QUERY);
  const limit = isPhone ? SUGGESTIONS_ON_PHONE : SUGGESTIONS_OTHERWISE;
  const recents = useRecentSearches();

  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [panelWanted, setPanelWanted] = useState(false);
  const search = useSearchSuggestions(text, limit, languageId);
  const { term, suggestions, current } = search;

  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  // Set while we move focus back to the field ourselves, so that focus does not reopen what was just closed.
  const movingFocusQuietly = useRef(false);
  // Fixed ids (the header has one search), not useId's: the panel mounts in the browser after hydration, and an id
  // React made there need not be the one the server wrote into the field's aria-controls.
  const baseId = 'header-search';
  const inputId = `${baseId}-input`;
  const listboxId = `${baseId}-listbox`;
  const panelId = `${baseId}-panel`;

  const termOption = (t: string, kind: 'recent' | 'top'): SearchOption => ({ key: `${kind}:${t}`, kind, term: t, href: routes.search(t, languageId) });
  const options: SearchOption[] = !term
    ? (recents.length ? recents.map((t) => termOption(t, 'recent')) : TOP_SEARCH_TERMS[variant].map((t) => termOption(t, 'top')))
    : (suggestions?.products ?? []).slice(0, limit).map((product) => ({ key: `product:${product.productId}`, kind: 'product', product, href: product.canonicalUrl }));
  const activeIndex = options.findIndex((o) => o.key === activeKey);
  const optionId = (index: number) => `${listboxId}-${index}`;

  /** Returns focus to the field without the focus reopening the search (focus events fire synchronously). */
  const focusInputQuietly = () => {
    movingFocusQuietly.current = true;
    inputRef.current?.focus();
    movingFocusQuietly.current = false;
  };

  const close = ({ focusInput = false } = {}) => {
    // Closing keeps the term among the recent searches only when it found something.
    if (current && (suggestions?.count ?? 0) > 0) rememberSearch(term);
    setText('');
    search.reset();
    setOpen(false);
    setActiveKey(null);
    if (focusInput) focusInputQuietly();
    onClose?.();
  };

  /** A suggestion, recent or popular term was chosen (click or Enter): its page opens and the search closes. */
  const pick = (option: SearchOption) => {
    if (option.kind !== 'product') rememberSearch(option.term);
    close();
    inputRef.current?.blur();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const active = options[activeIndex];
    if (open && active) {
      pick(active);
      navigate(active.href);
      return;
    }
    // Empty search text gives no query, no navigation and is not saved.
    if (!term) return;
    rememberSearch(term);
    close();
    // Hides the phone keyboard; the results page takes over.
    inputRef.current?.blur();
    navigate(routes.search(term, languageId));
  };

  const moveActive = (step: 1 | -1) => {
    if (!options.length) return;
    const from = activeIndex === -1 ? (step === 1 ? -1 : options.length) : activeIndex;
    const next = (from + step + options.length) % options.length;
    setActiveKey(options[next]?.key ?? null);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      // Also stops the browser's own clearing of a search field: closing clears it anyway.
      event.preventDefault();
      close({ focusInput: true });
    } else if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && event.target === inputRef.current) {
      event.preventDefault();
      if (!open) setOpen(true);
      else moveActive(event.key === 'ArrowDown' ? 1 : -1);
    }
  };

  const onFocus = () => {
    setPanelWanted(true);
    if (!movingFocusQuietly.current) setOpen(true);
  };

  useEffect(() => {
    const want = () => setPanelWanted(true);
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(want, PANEL_IDLE_TIMEOUT_MS);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(want, { timeout: PANEL_IDLE_TIMEOUT_MS });
    return () => cancelIdleCallback(idle);
  }, []);

  // A press anywhere outside the search closes it.
  const onOutsidePress = useEffectEvent((event: PointerEvent) => {
    if (rootRef.current && event.target instanceof Node && !rootRef.current.contains(event.target)) close();
  });
  useEffect(() => {
    if (!open) return;
    const listener = (event: PointerEvent) => onOutsidePress(event);
    document.addEventListener('pointerdown', listener);
    return () => document.removeEventListener('pointerdown', listener);
  }, [open]);

  // A header that reveals the search behind a toggle mounts it with autoFocus: the focus opens it.
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  const locksScroll = open && isPhone;
  useEffect(() => {
    if (!locksScroll) return;
    const root = document.documentElement;
    root.classList.add(SCROLL_LOCK_CLASS);
    return () => root.classList.remove(SCROLL_LOCK_CLASS);
  }, [locksScroll]);

  const activeOptionId = open && activeIndex >= 0 ? optionId(activeIndex) : undefined;
  useEffect(() => {
    if (activeOptionId) document.getElementById(activeOptionId)?.scrollIntoView({ block: 'nearest' });
  }, [activeOptionId]);

  const label = intl.formatMessage({ id: 'header.search' });
  const closedPanel = <ClosedSearchPanel id={panelId} listboxId={listboxId} search={search} showsRecents={!term && recents.length > 0} />;
  return (
    <div
      ref={rootRef}
      className={`search${open ? ' search--open' : ''}`}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the search closes it; presses outside are handled above, where focus may go nowhere.
        const next = event.relatedTarget;
        if (open && next instanceof Node && !event.currentTarget.contains(next)) close();
      }}
    >
      <form role="search" className="search__form" onSubmit={onSubmit} aria-label={label}>
        <label htmlFor={inputId} className="visually-hidden">
          {label}
        </label>
        <input
          ref={inputRef}
          id={inputId}
          className="search__input"
          type="search"
          role="combobox"
          name="search"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={200}
          placeholder={intl.formatMessage({ id: 'search.placeholder' })}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeOptionId}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveKey(null);
            setOpen(true);
          }}
          onFocus={onFocus}
          onClick={() => setOpen(true)}
        />
        {text && (
          <button
            type="button"
            className="icon-button search__clear"
            aria-label={intl.formatMessage({ id: 'search.clear' })}
            onClick={() => {
              setText('');
              setActiveKey(null);
              focusInputQuietly();
            }}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
            </svg>
          </button>
        )}
        <button type="submit" className="icon-button search__submit" aria-label={intl.formatMessage({ id: 'search.submit' })}>
          <svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
            <circle cx="10.5" cy="10.5" r="6.5" stroke="currentColor" strokeWidth="2" fill="none" />
            <path d="M15.5 15.5L21 21" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </form>
      {/* Should the panel's code not arrive, the search still takes a term to the results page. */}
      <ChunkBoundary fallback={() => closedPanel} onRetry={noRetry}>
        <Suspense fallback={closedPanel}>
          {panelWanted ? (
            <SearchPanel
              id={panelId}
              listboxId={listboxId}
              open={open}
              search={search}
              limit={limit}
              languageId={languageId}
              options={options}
              activeIndex={activeIndex}
              optionId={optionId}
              showsRecents={!term && recents.length > 0}
              onPick={pick}
              onLinkFollowed={() => close()}
              onSeeAll={() => {
                rememberSearch(term);
                close();
              }}
              onClearRecents={() => {
                forgetRecentSearches();
                setActiveKey(null);
                focusInputQuietly();
              }}
              onClose={() => close({ focusInput: true })}
            />
          ) : (
            closedPanel
          )}
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}
