import { lazy } from 'react';
import { OptionalChunk } from '../../components/ChunkBoundary';
import { useHydrated } from '../../hooks/use-hydrated';

// Closed on every first render, when the panel is an empty <dialog>: its code (the panel, its lines' notes, the
// pending note) loads once the page has hydrated, out of the first route's JS.
const Frame = lazy(() => import('./CartPanelFrame').then((module) => ({ default: module.CartPanelFrame })));

/** The cart's side panel, from hydration on; its own component, so that the flip re-renders only this. */
export function CartPanel() {
  const hydrated = useHydrated();
  return hydrated ? (
    <OptionalChunk>
      <Frame />
    </OptionalChunk>
  ) : null;
}
