/** The outbox's code (IndexedDB, replay), loaded after the first render so it never weighs on the first route. */
export const loadOutbox = () => import('./outbox/runtime');
