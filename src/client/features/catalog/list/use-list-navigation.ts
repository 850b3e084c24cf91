import { useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import type { ListData } from './list-loader';
import { listSearch, type ListSelection } from './selection';
import type { parseSelection } from './selection-edits';

/**
 * The list's selection as the URL has it, and the way to change it: every change is a navigation to a new
 * query, which the loader reads, so the URL stays the single source of truth. Until the new list arrives
 * the controls already show the choice (router updates run in a transition, a ticked box must not untick
 * meanwhile), and several quick ticks build on each other. `parse` reads the choice of a change that came from
 * elsewhere (a link, back and forward) out of its URL: it comes with the loader's code, which the list loads once it
 * has hydrated (app/start.tsx, preloadPage) or when a link to it is prefetched. A change that starts before that code has come shows what is shown until its list arrives.
 */
export function useListNavigation(data: ListData, parse: typeof parseSelection | undefined) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // Remembered together with the data it was made on: once the loader delivers, the URL's answer wins.
  const [requested, setRequested] = useState<{ on: ListData; selection: ListSelection } | null>(null);
  const pending = navigation.state === 'loading' && navigation.location?.pathname === location.pathname ? navigation.location : null;
  const selection =
    requested?.on === data ? requested.selection : pending && parse ? parse(new URLSearchParams(pending.search), data.sortRules) : data.selection;
  const hrefFor = (next: ListSelection) => `${location.pathname}${listSearch(new URLSearchParams(location.search), next, data.sortRules)}`;
  return {
    /** What the controls show: the choice being loaded, else what is shown. */
    selection,
    busy: pending !== null,
    /** True while the list is loading exactly this URL. */
    isLoading: (href: string) => pending !== null && `${pending.pathname}${pending.search}` === href,
    hrefFor,
    /** Filters and sorting keep the scroll position; a new history entry lets Back undo them. */
    apply: (next: ListSelection) => {
      setRequested({ on: data, selection: next });
      void navigate(hrefFor(next), { preventScrollReset: true });
    },
  };
}

export type ListNavigation = ReturnType<typeof useListNavigation>;
