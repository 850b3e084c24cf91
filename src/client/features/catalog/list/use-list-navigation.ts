import { useLocation, useNavigate, useNavigation } from 'react-router';
import type { ListData } from './list-loader';
import { listSearch, parseSelection, type ListSelection } from './selection';

/**
 * The list's selection as the URL has it, including a navigation still loading (so several quick ticks
 * build on each other), and the way to change it: every change is a navigation to a new query, which the
 * loader reads, so the URL stays the single source of truth.
 */
export function useListNavigation(data: ListData) {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const pending = navigation.state === 'loading' && navigation.location?.pathname === location.pathname ? navigation.location : null;
  const selection = pending ? parseSelection(new URLSearchParams(pending.search), data.sortRules) : data.selection;
  const hrefFor = (next: ListSelection) => `${location.pathname}${listSearch(new URLSearchParams(location.search), next, data.sortRules)}`;
  return {
    /** What the controls show: the pending choice while it loads, else what is shown. */
    selection,
    busy: pending !== null,
    /** True while the list is loading exactly this URL. */
    isLoading: (href: string) => pending !== null && `${pending.pathname}${pending.search}` === href,
    hrefFor,
    /** Filters and sorting keep the scroll position; a new history entry lets Back undo them. */
    apply: (next: ListSelection) => navigate(hrefFor(next), { preventScrollReset: true }),
  };
}

export type ListNavigation = ReturnType<typeof useListNavigation>;
