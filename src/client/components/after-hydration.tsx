import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { usePageHydrated } from '../hooks/use-hydrated';
import { ChunkBoundary } from './ChunkBoundary';
import { withWholeMessages } from '../i18n/messages';
import { onNextTry } from '../lib/chunk-guard';

/** What asks a part whose code did not arrive for it again: the shopper's next tap or key, or the connection back. */
function RetryOnNextTry({ retry }: { retry: () => void }) {
  useEffect(() => onNextTry(retry), [retry]);
  return null;
}

/**
 * A part the server's HTML never holds (a closed panel, the install offer, the page views): its code stays out of
 * the first route's JS and loads once the page has hydrated. The returned component renders nothing until then,
 * and re-renders alone when the flip comes (a transition), not its parent. Should its code not arrive (no signal, a
 * new version deployed meanwhile), the part is left out and asked for again at the shopper's next tap or key, or
 * when the connection is back: the tap on the cart button that found no panel opens it once the code has come.
 */
export function afterHydration<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const fresh = () => lazy(() => withWholeMessages(load)().then((loaded) => ({ default: loaded })));
  let Loaded = fresh();
  function AfterHydration(props: P) {
    const hydrated = usePageHydrated();
    // React keeps a failed lazy component failed: a retry renders a fresh one.
    const [Part, setPart] = useState(() => Loaded);
    if (!hydrated) return null;
    return (
      <ChunkBoundary
        fallback={(retry) => <RetryOnNextTry retry={retry} />}
        onRetry={() => {
          Loaded = fresh();
          setPart(() => Loaded);
        }}
      >
        <Suspense fallback={null}>
          <Part {...props} />
        </Suspense>
      </ChunkBoundary>
    );
  }
  return AfterHydration;
}
