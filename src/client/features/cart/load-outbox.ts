import type * as Runtime from './outbox/runtime';

type OutboxModule = typeof Runtime;

/** The outbox's code once loaded: the waiting changes (and so the need to lay them on the cart) come with it. */
export let outboxModule: OutboxModule | null = null;

/** The outbox's code (IndexedDB, replay), loaded after the first render so it never weighs on the first route. */
export const loadOutbox = (): Promise<OutboxModule> =>
  import('./outbox/runtime').then((module) => {
    outboxModule = module;
    return module;
  });
