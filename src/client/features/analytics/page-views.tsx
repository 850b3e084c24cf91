import { lazy } from 'react';
import { OptionalChunk } from '../../components/ChunkBoundary';
import { useHydrated } from '../../hooks/use-hydrated';

// The tag manager's page impressions and telemetry's page views: the first goes out 500 ms after a route settles,
// so their code loads once the page has hydrated, out of the first route's JS.
const Views = lazy(() => import('./tag-manager').then((module) => ({ default: module.PageViews })));

/** Inside the IntlProvider and router: one page view per settled route, from hydration on. */
export function PageViews() {
  const hydrated = useHydrated();
  return hydrated ? (
    <OptionalChunk>
      <Views />
    </OptionalChunk>
  ) : null;
}
