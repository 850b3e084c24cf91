import { startTransition, useEffect, useState } from 'react';
import { useIsHydrating } from './use-hydrated';

/**
 * False during the server render and hydration (mobile first: the server assumes the phone layout), then
 * follows the media query. The first answer after hydration, and every change, is a transition (see useHydrated);
 * a component mounted later reads the query at once.
 */
export function useMediaQuery(query: string): boolean {
  const hydrating = useIsHydrating();
  const [matches, setMatches] = useState(() => !hydrating && window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => startTransition(() => setMatches(list.matches));
    update();
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return matches;
}
