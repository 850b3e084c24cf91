import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;
const snapshot = () => 0;

/**
 * Whether this render is the server's or hydration's, which must produce the server's HTML. React asks an external
 * store for its server snapshot only then; both snapshots here are equal, so the store itself never re-renders
 * anything. (A store whose client value differs from its server value is React's usual way to say "hydrated",
 * and it re-renders every reader synchronously right after the hydration commit: on a phone that one task was the
 * page's longest, Total Blocking Time.)
 */
export function useIsHydrating(): boolean {
  let hydrating = false;
  // React calls the server snapshot within this call, while the render runs: the flag never outlives it.
  /* eslint-disable react-hooks/immutability */
  useSyncExternalStore(subscribe, snapshot, () => {
    hydrating = true;
    return 0;
  });
  /* eslint-enable react-hooks/immutability */
  return hydrating;
}

let notePageHydrated: () => void = () => undefined;
/**
 * Resolves once the first page's controls work: the flip below has committed for those that hydrated with the page
 * (app/start.tsx's HydratedMark says so; a part that hydrates later flips later), or the shopper has tapped or typed.
 * What the tab starts after the first render waits for it, so that the flip, a transition, is not held back.
 */
export const pageHydrated = new Promise<void>((resolve) => {
  notePageHydrated = resolve;
});
let pageHydratedYet = false;
/** For app/start.tsx: when the flip has committed, or at the shopper's first tap or key. */
export const markPageHydrated = (): void => {
  pageHydratedYet = true;
  notePageHydrated();
};

/**
 * False in the server's HTML and during hydration, true once React runs in the browser. Controls that do
 * nothing without JavaScript (add to cart, sign-up buttons) stay disabled until then instead of ignoring a tap.
 * The flip after hydration is a transition: React renders the readers in slices between the browser's other work.
 * A component mounted later (a page opened by a link) starts out true.
 */
export function useHydrated(): boolean {
  const hydrating = useIsHydrating();
  const [hydrated, setHydrated] = useState(!hydrating);
  useEffect(() => {
    if (!hydrated) startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}

/**
 * Like useHydrated, but true only once the first page's controls work (pageHydrated): for what may come after them,
 * such as pictures below the first screen and parts the server's HTML never holds. Drawn in the flip, these held
 * the moment taps work back (on a cold 2G load, a list's 22 pictures and the closed panels were about a tenth of the
 * main thread's work between the shell's arrival and that moment, in a CPU profile). A component mounted once the
 * page has hydrated starts out true.
 */
export function usePageHydrated(): boolean {
  const hydrating = useIsHydrating();
  const [hydrated, setHydrated] = useState(!hydrating && pageHydratedYet);
  useEffect(() => {
    if (hydrated) return;
    let mounted = true;
    void pageHydrated.then(() => mounted && startTransition(() => setHydrated(true)));
    return () => {
      mounted = false;
    };
  }, [hydrated]);
  return hydrated;
}
