import { useEffect, useLayoutEffect } from 'react';
import { useLocation, useNavigation, type DataStrategyFunction } from 'react-router';

/**
 * The page transition (the spec: "name page, mode out-in"): on a change of page (its path, not only its query), the
 * old page fades out and only then does the new one appear, fading in. Each half takes 150 ms (styles/main.css,
 * .page-leave and .page-enter): short, so a tap is answered at once and the new page's paint (LCP) waits little.
 * With prefers-reduced-motion: reduce there is no transition at all. The out half runs while the new page's data
 * loads (pageDataStrategy), so it costs nothing when loading takes longer anyway.
 */
const LEAVE = 'page-leave';
const ENTER = 'page-enter';
/** Twice the 150 ms: a tab in the background runs no animation, and a page change must not wait for it. */
const FALLBACK_MS = 300;

const main = () => document.getElementById('main');

function leave(): Promise<void> {
  const element = main();
  if (!element || matchMedia('(prefers-reduced-motion: reduce)').matches) return Promise.resolve();
  // A second page change while the first one's page is already faded out: nothing more to wait for.
  if (element.classList.contains(LEAVE)) return Promise.resolve();
  return new Promise((resolve) => {
    const done = (event?: AnimationEvent) => {
      // Animations inside the page (a spinner) bubble up here too.
      if (event && event.target !== element) return;
      element.removeEventListener('animationend', done);
      resolve();
    };
    element.addEventListener('animationend', done);
    setTimeout(done, FALLBACK_MS);
    element.classList.remove(ENTER);
    element.classList.add(LEAVE);
  });
}

/**
 * The router's loading, as its default does it, with one addition: on a change of page, the new page's data is
 * handed over only once the old page has faded out. Revalidations, fetchers and changes of the query alone keep
 * the page as it is. Back and forward do not fade: the address bar already shows where they go.
 */
export const pageDataStrategy: DataStrategyFunction = async ({ matches, fetcherKey, request }) => {
  const leaving = !fetcherKey && new URL(request.url).pathname !== location.pathname ? leave() : undefined;
  const loading = matches.filter((match) => match.shouldLoad);
  const results = await Promise.all(loading.map((match) => match.resolve()));
  await leaving;
  return Object.fromEntries(results.map((result, index) => [loading[index]!.route.id, result]));
};

/**
 * The in half: once the new page is in the document (before it is painted), it fades in. A page change that ended
 * where it began (cancelled, or the same page) brings the old page back the same way.
 */
export function usePageEnter(): void {
  // The new page and the end of loading come in one update; a change interrupted by another stays loading. The
  // location too, should React ever fold a whole change (loading and idle) into one render.
  const idle = useNavigation().state === 'idle';
  const { key } = useLocation();
  useLayoutEffect(() => {
    if (idle) main()?.classList.replace(LEAVE, ENTER);
  }, [idle, key]);
  // A page left faded (a full load started during the change) and then restored from the back/forward cache.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => event.persisted && main()?.classList.remove(LEAVE);
    addEventListener('pageshow', restored);
    return () => removeEventListener('pageshow', restored);
  }, []);
}
