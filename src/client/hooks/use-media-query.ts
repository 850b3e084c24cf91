import { startTransition, useEffect, useState } from 'react';
import { useIsHydrating } from './use-hydrated';

/**
 * False during the server render and hydration (mobile first: the server assumes the phone layout), then
 * follows the media query. The first answer after hydration, and every change, is a transition (see useHydrated);
 * a component mounted later, or given another query, reads the query at once.
 */
export function useMediaQuery(query: string): boolean {
  const hydrating = useIsHydrating();
  const [state, setState] = useState(() => ({ query, matches: !hydrating && window.matchMedia(query).matches }));
  let { matches } = state;
  if (state.query !== query && !hydrating) {
    // Another query than the last render's: its own answer now, not the old one's for a render.
    matches = window.matchMedia(query).matches;
    setState({ query, matches });
  }
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setState((last) => (last.query === query && last.matches === list.matches ? last : { query, matches: list.matches })));
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
