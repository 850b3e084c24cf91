import { afterHydration } from '../../components/after-hydration';

/**
 * The cart's side panel. Closed on every first render, when it is an empty <dialog>: its code (the panel, its lines'
 * notes, the pending note) loads once the page has hydrated, out of the first route's JS.
 */
export const CartPanel = afterHydration(() => import('./CartPanelFrame').then((module) => module.CartPanelFrame));
