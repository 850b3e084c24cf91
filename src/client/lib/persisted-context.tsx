import { createContext, useContext, useEffect, type ReactNode } from 'react';
import { cookieValue } from './cookie';
import { PERSISTED_STATE_COOKIE, parsePersistedState, type createPersistedStore } from './persisted-state';

type Store = ReturnType<typeof createPersistedStore>;
const PersistedContext = createContext<Store | null>(null);

export function PersistedProvider({ store, children }: { store: Store; children: ReactNode }) {
  useEffect(() => adoptCookieState(store), [store]);
  return <PersistedContext.Provider value={store}>{children}</PersistedContext.Provider>;
}

/**
 * After hydration, the cookie wins over the state the HTML was rendered with: a page the service worker kept
 * (opened offline) carries the favorites and toggles of the day it was stored, and the shopper may have changed
 * them since, offline too. Hydration itself must use the HTML's state, or the first render would not match.
 */
export function adoptCookieState(store: Store, cookies: string = document.cookie): void {
  const raw = cookieValue(cookies, PERSISTED_STATE_COOKIE);
  if (raw === undefined) return;
  const current = parsePersistedState(raw);
  if (JSON.stringify(current) === JSON.stringify({ ...store })) return;
  Object.assign(store, current);
}

/** The valtio store of the cookie-persisted state (favorites, VAT toggle, customer type). */
export function usePersisted(): Store {
  const store = useContext(PersistedContext);
  if (!store) throw new Error('usePersisted outside PersistedProvider');
  return store;
}
